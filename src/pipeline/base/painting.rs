//! The painting of the board pictures a mail shows: [`Board`] (what one
//! picture shows and how the mail names it), [`Unpainted`] (a mail and its
//! boards, as the pipeline queues it) and [`Gallery`], which paints them
//! into the mail where it is rendered (on the render thread during `poll`,
//! see `runner::render_pool`; at once otherwise, see `sink`), each
//! distinct picture once while it is recent: the mover's reply and the
//! opponent's letter show the same board.
//!
//! Owns only the painting; which boards a mail shows is `crate::pipeline::mailing::pictures`'s.
//! Nothing here is random: the same boards give the same bytes.

use std::sync::Arc;

use crate::mail::inline;
use crate::mail::outbound::{InlineImage, OutboundMail};
use crate::render::{Painter, Picture};
use crate::store::GameId;

/// The pictures a [`Gallery`] keeps after painting them.
const RECENT: usize = 8;

/// A board a mail shows, not painted yet.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Board {
    /// What the picture shows.
    pub(crate) picture: Picture,
    /// The game's number, in the picture's Content-ID.
    pub(crate) game: GameId,
    /// The server's mail domain, in the picture's Content-ID.
    pub(crate) domain: String,
    /// The lines of the text board it depicts.
    pub(crate) shows: String,
    /// Its alternative text.
    pub(crate) alt: String,
    /// The caption under it: how to read it.
    pub(crate) caption: String,
    /// The label of the text board folded under it.
    pub(crate) letters: String,
    /// Its file name, e.g. `game42.png`.
    pub(crate) filename: String,
}

/// A mail and the boards it shows, to be painted when it is rendered.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Unpainted {
    /// The mail, without the pictures of `boards`.
    pub(crate) mail: OutboundMail,
    /// Its boards, in the order the pictures go in.
    pub(crate) boards: Vec<Board>,
}

impl Unpainted {
    /// A mail that shows no pictures.
    #[cfg(test)]
    pub(crate) fn plain(mail: OutboundMail) -> Unpainted {
        Unpainted {
            mail,
            boards: Vec::new(),
        }
    }
}

/// Paints the boards of mails into them, keeping the last pictures
/// painted (and a [`Painter`], which keeps the empty boards).
#[derive(Debug, Default)]
pub(crate) struct Gallery {
    painter: Painter,
    /// Pictures painted lately, the last one at the end (`None`: it could
    /// not be painted).
    recent: Vec<(Picture, Option<Painted>)>,
}

/// A picture painted: its PNG and size, its key in hex (see
/// `Picture::key`; the Content-ID's, not a hash of the PNG's bytes) and the
/// PNG in base64 as the mail carries it, made once for every mail that
/// shows it and shared by them, not copied for each.
#[derive(Debug, Clone)]
struct Painted {
    png: Arc<[u8]>,
    width: u32,
    height: u32,
    key: String,
    base64: Arc<[u8]>,
}

impl Gallery {
    /// Returns `u`'s mail with the pictures of its boards as inline images;
    /// a picture that cannot be painted is left out (the text board stays).
    pub(crate) fn paint(&mut self, u: Unpainted) -> OutboundMail {
        let mut mail = u.mail;
        for board in u.boards {
            if let Some(image) = self.image(board) {
                mail.inline_images.push(image);
            }
        }
        mail
    }

    fn image(&mut self, board: Board) -> Option<InlineImage> {
        let Painted {
            png,
            width,
            height,
            key,
            base64,
        } = self.png(board.picture)?;
        Some(InlineImage {
            content_id: format!("board.{}.{key}@{}", board.game.get(), board.domain),
            shows: board.shows,
            alt: board.alt,
            caption: board.caption,
            letters: board.letters,
            filename: board.filename,
            width,
            height,
            png,
            base64,
        })
    }

    /// `picture` painted, now unless it was lately.
    fn png(&mut self, picture: Picture) -> Option<Painted> {
        if let Some(at) = self.recent.iter().position(|(p, _)| *p == picture) {
            let hit = self.recent.remove(at);
            self.recent.push(hit);
        } else {
            let png = self.painter.png(&picture).ok().map(|png| Painted {
                key: format!("{:016x}", picture.key()),
                base64: inline::encoded(&png.bytes).into(),
                width: png.width,
                height: png.height,
                png: png.bytes.into(),
            });
            if self.recent.len() >= RECENT {
                self.recent.remove(0);
            }
            self.recent.push((picture, png));
        }
        self.recent.last().and_then(|(_, png)| png.clone())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::go::{BoardSize, Color, Point, Position};
    use crate::mail::outbound::AUTO_REPLIED;

    fn board(n: i64, stone: Option<Point>) -> Board {
        let game = GameId::new(n).unwrap();
        let mut position = Position::empty(BoardSize::new(9).unwrap());
        if let Some(q) = stone {
            position.set(q, Some(Color::Black));
        }
        Board {
            picture: Picture::new(position),
            game,
            domain: "example.org".into(),
            shows: "   A B".into(),
            alt: "The board".into(),
            caption: "How to read it.".into(),
            letters: "The board in letters".into(),
            filename: format!("{game}.png"),
        }
    }

    fn unpainted(boards: Vec<Board>) -> Unpainted {
        let mail = OutboundMail::plain(
            "a@example.org",
            "s".into(),
            "   A B\n".into(),
            "1@example.org".into(),
            AUTO_REPLIED,
        );
        Unpainted { mail, boards }
    }

    #[test]
    fn a_picture_shown_twice_is_painted_once_with_the_same_bytes() {
        let mut gallery = Gallery::default();
        let stone = Some(Point::new(2, 2));
        let first = gallery.paint(unpainted(vec![board(1, stone)]));
        let again = gallery.paint(unpainted(vec![board(1, stone)]));
        assert_eq!(gallery.recent.len(), 1, "painted once");
        assert_eq!(first.inline_images, again.inline_images);
        let image = &first.inline_images[0];
        assert!(image.png.starts_with(b"\x89PNG"));
        assert!(
            image.content_id.starts_with("board.1.") && image.content_id.ends_with("@example.org"),
            "{}",
            image.content_id
        );
        let other = gallery.paint(unpainted(vec![board(1, None), board(2, stone)]));
        assert_eq!(gallery.recent.len(), 2, "one more picture");
        let ids: Vec<_> = other.inline_images.iter().map(|i| &i.content_id).collect();
        assert_ne!(ids[0], &image.content_id, "another board, another id");
        assert_eq!(other.inline_images[1].png, image.png, "the same board");
    }

    #[test]
    fn the_gallery_keeps_only_the_last_pictures() {
        let mut gallery = Gallery::default();
        for col in 0..u8::try_from(RECENT + 3).unwrap() {
            let q = Point::new(col % 9, col / 9);
            gallery.paint(unpainted(vec![board(1, Some(q))]));
        }
        assert_eq!(gallery.recent.len(), RECENT);
        assert_eq!(
            gallery.recent[RECENT - 1].0.position.get(Point::new(1, 1)),
            Some(Color::Black)
        );
    }
}
