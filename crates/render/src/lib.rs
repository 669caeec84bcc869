//! The board as a picture, for the HTML part of game mails and for admins
//! (`game show --png/--svg`). The engine (`go`) stays free of images; this
//! module only reads its positions.
//!
//! Owns what a picture shows ([`Picture`]: the stones, the last move, a ko
//! that stands, and in the scoring phase dead stones and territory), its
//! size and layout ([`Geometry`]: 9x9 about 360 px wide, 19x19 about 600),
//! the SVG drawing ([`svg`]) and its rasterisation to PNG ([`png`], or a
//! [`Painter`] that keeps the empty board of each size for the next picture).
//! Must not touch: what a mail says (the ASCII board stays the text), the
//! store, or how a picture is put in a mail.

#![warn(missing_docs, unreachable_pub)]

mod geometry;
mod glyphs;
mod paint;
mod painter;
mod picture;
mod raster;
mod sprite;
mod svg;

pub use geometry::Geometry;
pub use painter::{Painter, png};
pub use picture::Picture;
pub use raster::{Png, RenderError};
pub use svg::svg;
