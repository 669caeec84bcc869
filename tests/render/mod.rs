//! The board picture (`pbmgo::render`): SVG snapshots for each common
//! size in play and in scoring, the PNG decoded and checked pixel by
//! pixel, and the painted PNG held to resvg's rendering of the SVG.

mod picture;
mod positions;
