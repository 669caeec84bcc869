//! What a game mail shows of its games: for each game the mail is about
//! (its `X-Pbmgo-Game`, and every `gameN:` board header in its text) whose
//! board as it stands now is in the text, exactly, the spans of that board
//! block laid out by hand (the diagram, a count, the scoring commands: the
//! HTML part keeps them as lines) and the PNG of that board, set as the
//! mail's inline images (the HTML part shows it in place of the text
//! board). A board the text shows that is not the game's current one (an
//! earlier position in a transcript) gets no picture: never a wrong one.
//!
//! In two steps, so that no picture is painted while the transaction holds
//! the database: [`boards`] (in the transaction) says what each board
//! looks like, a `render::Picture`, which is plain data; the painting
//! (`crate::pipeline::base::painting`) happens where the mail is rendered: on a render
//! thread during `poll`, or right after `boards` otherwise.
//!
//! Owns only which pictures a mail carries. Must not touch how a picture
//! is drawn (`render`) or where it goes in the HTML (`mail::alternative`).
//! Nothing here is random: the same mail gets the same bytes.

use std::collections::HashMap;
use std::sync::Arc;

use rusqlite::Connection;

use crate::mail::layout::lf_lines;
use crate::mail::outbound::OutboundMail;
use crate::mail::templates::BoardCtx;
use crate::pipeline::base::context::Settings;
use crate::pipeline::base::error::PipelineError;
use crate::pipeline::base::painting::Board;
use crate::pipeline::base::wording::board as words;
use crate::pipeline::board::scored;
use crate::store::StoredGame;
use crate::store::games::{self, GameId};
use crate::store::{StoreError, settings as player_settings};

/// The most games one mail gets pictures of (a digest lists many games;
/// each picture is a few kilobytes).
const MAX_PICTURES: usize = 8;

/// The games the caller has read already, as they stand now, and the
/// board blocks it drew of them (the mail's text shows these): [`shown`]
/// takes them from here rather than reading and drawing them again.
#[derive(Clone, Copy)]
pub(crate) struct Known<'a> {
    /// Games by id, as they stand after the message's commands.
    pub(crate) games: &'a HashMap<GameId, Arc<StoredGame>>,
    /// Their board blocks, as `scored::board_at` drew them.
    pub(crate) boards: &'a HashMap<GameId, BoardCtx>,
}

/// What a mail shows of its games, found as it is queued.
#[derive(Debug, Default)]
pub(crate) struct Shown {
    /// The spans of its text laid out by hand: each game's board diagram,
    /// and a scored board's count and commands, as the text holds them.
    pub(crate) laid_out: Vec<String>,
    /// The boards whose pictures it carries.
    pub(crate) boards: Vec<Board>,
}

/// What `mail` shows: for each game it is about (`about` first, then the
/// `gameN:` headers of its text), the laid-out spans of its current board
/// block that the text holds, and that board's picture unless its
/// recipient said `images off` or the caller wrote the HTML part (or its
/// pictures) itself. A game in `known` is not read again, nor its board
/// drawn again.
pub(crate) fn shown(
    conn: &Connection,
    settings: &Settings,
    mail: &OutboundMail,
    about: Option<GameId>,
    known: Option<Known<'_>>,
) -> Result<Shown, PipelineError> {
    let mut out = Shown::default();
    let games = named_games(&mail.text, about);
    if mail.html.is_some() || games.is_empty() {
        return Ok(out);
    }
    let pictures =
        mail.inline_images.is_empty() && player_settings::images_for_address(conn, &mail.to)?;
    let mut found: Vec<Vec<Board>> = Vec::new();
    for id in games {
        let Some(g) = game(conn, known, id)? else {
            continue;
        };
        let drawn = known.and_then(|k| k.boards.get(&id)).map(|b| &b.board);
        let (spans, block) = scored::spans_and_board(conn, &g, drawn)?;
        for span in spans {
            if shows_lines(&mail.text, &span) && !out.laid_out.contains(&span) {
                out.laid_out.push(span);
            }
        }
        let Some(board) = board(conn, settings, &mail.text, &g, &block).transpose() else {
            continue;
        };
        let board = board?;
        if !pictures {
            continue;
        }
        match found.iter_mut().find(|same| same[0].shows == board.shows) {
            Some(same) => same.push(board),
            None => found.push(vec![board]),
        }
    }
    out.boards = found
        .into_iter()
        .filter_map(unambiguous)
        .take(MAX_PICTURES)
        .collect();
    Ok(out)
}

/// One picture for one board text: two games whose boards read the same
/// but whose pictures differ (a last-move mark) could be shown against the
/// wrong block, so then neither is.
fn unambiguous(mut same_text: Vec<Board>) -> Option<Board> {
    let first = same_text.pop()?;
    same_text
        .iter()
        .all(|other| other.picture == first.picture)
        .then_some(first)
}

/// The games `text` is about: `about`, then each `gameN` that starts a
/// line followed by `:` (the board block's header), once each.
pub(crate) fn named_games(text: &str, about: Option<GameId>) -> Vec<GameId> {
    let mut ids: Vec<GameId> = about.into_iter().collect();
    // Only a line that starts with `game` can name one: the rest are not
    // searched for a colon.
    for line in lf_lines(text).filter(|l| l.starts_with("game")) {
        let Some((head, _)) = line.split_once(':') else {
            continue;
        };
        let Some(id) = head
            .parse::<GameId>()
            .ok()
            .filter(|_| head.starts_with("game"))
        else {
            continue;
        };
        if !ids.contains(&id) {
            ids.push(id);
        }
    }
    ids
}

/// Game `id` as the caller knows it, else as stored; `None` for a game
/// that does not exist (yet).
fn game(
    conn: &Connection,
    known: Option<Known<'_>>,
    id: GameId,
) -> Result<Option<Arc<StoredGame>>, PipelineError> {
    if let Some(g) = known.and_then(|k| k.games.get(&id)) {
        return Ok(Some(Arc::clone(g)));
    }
    Ok(load(conn, id)?.map(Arc::new))
}

/// Game `id`; `None` for a game that does not exist (yet).
fn load(conn: &Connection, id: GameId) -> Result<Option<StoredGame>, PipelineError> {
    match games::load(conn, id) {
        Ok(g) => Ok(Some(g)),
        Err(StoreError::NotFound { .. }) => Ok(None),
        Err(e) => Err(e.into()),
    }
}

/// The board of `g` as it stands, when `text` shows its current board as
/// whole lines.
fn board(
    conn: &Connection,
    settings: &Settings,
    text: &str,
    g: &StoredGame,
    block: &str,
) -> Result<Option<Board>, PipelineError> {
    let board = diagram(block);
    if !shows_lines(text, board) {
        return Ok(None);
    }
    let picture = scored::picture(conn, g)?;
    Ok(Some(Board {
        alt: words::picture_alt(&g.id.to_string(), g.game.move_number(), &picture),
        caption: words::picture_caption(&picture),
        letters: words::picture_letters(),
        picture,
        game: g.id,
        domain: settings.domain().to_owned(),
        shows: board.to_owned(),
        filename: format!("{}.png", g.id),
    }))
}

/// The diagram of a board block: its lines up to the first blank one (a
/// scored board goes on with its legend, the count and what to do next,
/// prose that the text part wraps).
fn diagram(block: &str) -> &str {
    // memchr's search: `split` set up a two-way searcher for each block.
    let grid = memchr::memmem::find(block.as_bytes(), b"\n\n").map_or(block, |at| &block[..at]);
    grid.trim_end_matches('\n')
}

/// True when `text` holds `block` (lines ending in `\n`) as whole lines.
fn shows_lines(text: &str, block: &str) -> bool {
    let block = block.trim_end_matches('\n');
    if block.is_empty() {
        return false;
    }
    // From each line start (cheap to find) rather than by a substring
    // search for the whole block, whose set-up for a 19x19 board cost more
    // than the search.
    let starts =
        std::iter::once(0).chain(memchr::memchr_iter(b'\n', text.as_bytes()).map(|at| at + 1));
    starts.into_iter().any(|at| {
        let rest = &text[at..];
        rest.starts_with(block) && {
            let after = &rest[block.len()..];
            after.is_empty() || after.starts_with('\n')
        }
    })
}

#[cfg(test)]
mod tests {
    use super::GameId;
    use super::diagram;
    use super::named_games;
    use super::shows_lines;

    #[test]
    fn games_from_the_header_and_the_board_headers() {
        let text = "game3: alice (Black, X) against bob (White, O)\n\
                    say game9: hi\ngame12: c (Black, X)\ngame3: again\ngamex: no\n";
        let id = |n| GameId::new(n).unwrap();
        assert_eq!(named_games(text, Some(id(5))), vec![id(5), id(3), id(12)]);
        assert!(named_games("nothing here", None).is_empty());
    }

    #[test]
    fn a_board_counts_only_as_whole_lines() {
        let board = "   A B\n 2 . .\n";
        assert!(shows_lines("x\n   A B\n 2 . .\ny", board));
        assert!(shows_lines("   A B\n 2 . .", board));
        assert!(!shows_lines("x\n   A B\n 2 . . X\n", board));
        assert!(!shows_lines(">    A B\n 2 . .\n", board));
        assert!(!shows_lines("anything", ""));
    }

    #[test]
    fn the_diagram_is_the_block_up_to_its_first_blank_line() {
        let scored = "   A B\n 2 . #\n\n# territory\nBlack 1, White 0\n";
        assert_eq!(diagram(scored), "   A B\n 2 . #");
        assert_eq!(diagram("   A B\n 2 . .\n"), "   A B\n 2 . .");
    }
}
