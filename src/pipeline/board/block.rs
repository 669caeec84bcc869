//! The board block of a mail: a stored game turned into the template
//! context every game mail shows (header, the pinned ASCII board, the
//! clock, the last moves and a ko that stands), and the picture of a game
//! in play ([`picture`]).

use chrono::{DateTime, Utc};
use rusqlite::Connection;

use crate::clock::Tz;
use crate::go::render;
use crate::go::{Color, Game, IllegalMove, Move, Phase, Point};
use crate::home::WebConfig;
use crate::mail::templates::BoardCtx;
use crate::pipeline::base::phrases::minute;
use crate::render::Picture;
use crate::store::{StoreError, StoredGame, clock_face, ratings, settings, site};

use crate::pipeline::base::wording::board as words;
use crate::pipeline::base::wording::clock as clock_words;

/// How many of the last moves the board block lists.
const RECENT: usize = 5;

/// Returns the board block of `g`, without the clock (see [`with_clock`]).
pub(crate) fn board_ctx(g: &StoredGame) -> BoardCtx {
    let game = &g.game;
    let to_move = game.to_move();
    BoardCtx {
        game: g.id.to_string(),
        black: g.black.name.clone(),
        white: g.white.name.clone(),
        size: game.board().size().get(),
        komi: game.rules().komi.to_string(),
        captures_black: game.prisoners(Color::Black),
        captures_white: game.prisoners(Color::White),
        to_move: words::to_move(to_move, &g.player(to_move).name),
        move_number: game.move_number() + 1,
        status: words::status(game.phase()).to_string(),
        result: game.result().map(|r| r.to_string()),
        last_move: game.last_move().map(|(c, m)| words::played(c, m)),
        board: render::render_game(game),
        phase: words::phase_name(game.phase()).to_string(),
        clock: None,
        ko: ko(g),
        recent: recent(game),
        link: None,
    }
}

/// Adds to `b` the clock of `g` as it stands at `now`, in its system's
/// terms, while the game is in play (paused, and until when, while the
/// player to move is on vacation); `zone` is the server's time zone.
pub(crate) fn with_clock(
    conn: &Connection,
    g: &StoredGame,
    (now, zone): (DateTime<Utc>, Tz),
    b: &mut BoardCtx,
) -> Result<(), StoreError> {
    if g.game.phase() != Phase::Play {
        return Ok(());
    }
    let Some(faces) = clock_face::read(conn, g.id, now, zone)? else {
        return Ok(());
    };
    let mover = g.player(g.game.to_move()).id;
    let paused = settings::vacation_until(conn, mover, now)?.map(minute);
    let names = [Color::Black, Color::White].map(|c| words::to_move(c, &g.player(c).name));
    b.clock = Some(clock_words::clock_lines(
        &faces,
        [&names[0], &names[1]],
        paused.as_deref(),
    ));
    Ok(())
}

/// Writes each player's strength after their name in the header of `b`:
/// `alice 3k (1812)`, or `bob ?` while their rank is unknown.
pub(crate) fn with_ranks(
    conn: &Connection,
    g: &StoredGame,
    b: &mut BoardCtx,
) -> Result<(), StoreError> {
    for (name, p) in [(&mut b.black, &g.black), (&mut b.white, &g.white)] {
        let shown = ratings::strength(conn, p.id)?.shown();
        *name = format!("{} {shown}", p.name);
    }
    Ok(())
}

/// Adds to `b` the link to `g`'s page on the club's web pages, when they
/// are served (`[web] url`) and `g` is published there (both its players
/// are public): one read, and none without `[web] url`.
pub(crate) fn with_link(
    conn: &Connection,
    web: &WebConfig,
    g: &StoredGame,
    b: &mut BoardCtx,
) -> Result<(), StoreError> {
    if web.url.trim().is_empty() {
        return Ok(());
    }
    let choices = site::pair_choices(conn, g.black.id, g.white.id)?;
    if choices.iter().all(|c| c.unwrap_or(web.default_public)) {
        b.link = web.game_link(&g.id.to_string());
    }
    Ok(())
}

/// The ko that stands in `g`, in a sentence.
fn ko(g: &StoredGame) -> Option<String> {
    let (point, color) = standing_ko(&g.game)?;
    Some(words::ko_line(color, &g.player(color).name, point))
}

/// The ko that stands in `game`: the point the side to move may not
/// retake now, and that side.
pub(crate) fn standing_ko(game: &Game) -> Option<(Point, Color)> {
    let (point, color) = game.ko_point()?;
    if game.phase() != Phase::Play || color != game.to_move() {
        return None;
    }
    match game.judge(color, Move::Play(point)) {
        Err(IllegalMove::Ko { .. } | IllegalMove::Superko { .. }) => Some((point, color)),
        _ => None,
    }
}

/// The picture of `game` in play: its stones, the last stone played and
/// a ko that stands (the scoring marks are `scored`'s).
pub(crate) fn picture(game: &Game) -> Picture {
    Picture {
        ko: standing_ko(game).map(|(point, _)| point),
        ..Picture::of_game(game)
    }
}

/// The last few moves of `game` in a line, numbered, oldest first.
fn recent(game: &Game) -> Option<String> {
    let moves = game.history().moves();
    let shown = moves.len().min(RECENT).min(game.move_number() as usize);
    let tail = &moves[moves.len() - shown..];
    let last = game.move_number();
    let first = last + 1 - shown as u32;
    (shown > 0).then(|| words::recent(first, last, tail))
}
