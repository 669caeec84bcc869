//! `challenge NAME [options]` and `decline GAME`: offering a game, and
//! refusing or withdrawing the offer; finding an open challenge for
//! `accept` (in `accept`), and the letters about challenges.

use crate::pipeline::context::Env;
use crate::pipeline::error::{CmdResult, PipelineError, Rejection, reject};
use crate::pipeline::execute::cmd::Cmd;
use crate::pipeline::games::letters::closed_letter_with;
use crate::pipeline::report::Effect;
use chrono::Duration;
use rusqlite::Connection;

use crate::go::handicap::{max_fixed, max_free};
use crate::go::{BoardSize, KoRule};
use crate::mail::command::{ChallengeOptions, GameRef, Komi};
use crate::mail::templates::ChallengeCtx;
use crate::pipeline::letters::Letter;
use crate::store::StoreError;
use crate::store::challenges::{self, Challenge, Status, Terms};
use crate::store::games::{self, GameId};
use crate::store::players::{self, Player, PlayerRef};

/// The board size of a challenge that does not say.
const DEFAULT_SIZE: u8 = 19;

/// `challenge NAME [options]`.
pub(super) fn challenge(
    c: &Cmd<'_>,
    opponent: &str,
    options: &ChallengeOptions,
) -> CmdResult<Effect> {
    let Cmd {
        conn, env, player, ..
    } = *c;
    let other = match players::find(conn, opponent) {
        Ok(p) => p,
        Err(StoreError::NotFound { .. }) => {
            let why = format!("there is no player called {opponent}");
            return Err(reject("no-such-player", why).into());
        }
        Err(e) => return Err(e.into()),
    };
    if other.id == player.id {
        return Err(reject("challenge-self", "you cannot challenge yourself").into());
    }
    let terms = terms(env, options)?;
    if let Some(r) = over_limit(c, &other)? {
        return Err(r.into());
    }
    let expires = env.now + Duration::days(i64::from(env.settings.games.challenge_expiry_days));
    let (me, them) = (player.as_ref(), other.as_ref());
    let id = challenges::insert(conn, &me, &them, &terms, env.now, expires)?;
    let c = challenges::find(conn, id)?.ok_or(StoreError::NotFound {
        what: "challenge",
        id: id.to_string(),
    })?;
    let letter = challenge_letter(env, &c)?;
    let text = format!(
        "Challenge {id} sent to {}: {}.\n{}\nThey have until {} to accept; when they do, \
         you get the first board. To withdraw the challenge, send: decline {id}",
        them.name,
        term_lines(&terms).join(", "),
        colors_sentence(&c, &me.name),
        c.expires_at.format("%Y-%m-%d"),
    );
    Ok(Effect::Acted {
        text,
        game: None,
        letters: vec![letter],
    })
}

/// Checks the options against the board and fills in the server's defaults.
fn terms(env: &Env<'_>, o: &ChallengeOptions) -> Result<Terms, Rejection> {
    let size_n = o.size.unwrap_or(DEFAULT_SIZE);
    let size = BoardSize::new(u32::from(size_n))
        .map_err(|e| reject("bad-option", format!("size {size_n}: {e}")))?;
    let h = o.handicap.unwrap_or(0);
    let bad = |why: String| Err(reject("bad-handicap", why));
    match (h, o.free) {
        (1, _) => {
            return bad(
                "a handicap starts at 2 stones; for one stone, play Black with komi 0.5 \
                        (color black komi 0.5)"
                    .into(),
            );
        }
        (0, true) => return bad("free placement needs a handicap of 2 or more stones".into()),
        (h, true) if h > max_free(size) => {
            return bad(format!(
                "at most {} free handicap stones fit on {size_n}x{size_n}",
                max_free(size)
            ));
        }
        (h, false) if h >= 2 => match max_fixed(size) {
            None => {
                return bad(format!(
                    "fixed handicap stones exist only on 9x9, 13x13 and 19x19; add 'free' \
                     to place them yourself on {size_n}x{size_n}"
                ));
            }
            Some(max) if h > max => {
                return bad(format!(
                    "at most {max} fixed handicap stones fit on {size_n}x{size_n}"
                ));
            }
            Some(_) => {}
        },
        _ => {}
    }
    let scoring = o.scoring.unwrap_or_default();
    Ok(Terms {
        size: size_n,
        komi: o.komi.map_or(scoring.default_komi(h), Komi::points),
        handicap: h,
        free: o.free,
        color: o.color.name().to_string(),
        ko: o.ko.unwrap_or(KoRule::List),
        scoring,
        days: o.days.unwrap_or(env.settings.games.days_per_move).max(1),
    })
}

/// Returns the rejection when either player has as many games as allowed.
fn over_limit(c: &Cmd<'_>, other: &Player) -> Result<Option<Rejection>, PipelineError> {
    let Cmd {
        conn, env, player, ..
    } = *c;
    let max = env.settings.max_games_per_player;
    if max == 0 {
        return Ok(None);
    }
    if challenges::commitments(conn, player.id)? >= max {
        return Ok(Some(reject(
            "too-many-games",
            format!(
                "you have {max} games and open challenges already, the most this server \
                 allows; finish a game or withdraw a challenge first"
            ),
        )));
    }
    if challenges::commitments(conn, other.id)? >= max {
        return Ok(Some(reject(
            "opponent-too-many-games",
            format!(
                "{} has {max} games and open challenges already, the most this server allows",
                other.name
            ),
        )));
    }
    Ok(None)
}

/// Returns the terms as short lines, e.g. `Board: 19x19`.
fn term_lines(t: &Terms) -> Vec<String> {
    let handicap = match (t.handicap, t.free) {
        (0, _) => "none".to_string(),
        (h, false) => format!("{h} stones on the star points"),
        (h, true) => format!("{h} stones, placed by Black where they like (free placement)"),
    };
    let scoring = match t.scoring {
        crate::go::Scoring::Area => "area (stones and territory)",
        crate::go::Scoring::Territory => "territory (territory and prisoners)",
    };
    vec![
        format!("Board: {0}x{0}", t.size),
        format!("Komi: {}", t.komi),
        format!("Handicap: {handicap}"),
        format!("Scoring: {scoring}"),
        format!("Ko rule: {}", t.ko.name()),
        format!(
            "Time: {} day{} per move",
            t.days,
            if t.days == 1 { "" } else { "s" }
        ),
    ]
}

/// Says who plays which colour, to the player called `reader`.
fn colors_sentence(c: &Challenge, reader: &str) -> String {
    let (challenger, challenged) = (&c.challenger.name, &c.challenged.name);
    let who = |name: &str| {
        if name == reader {
            "you".to_string()
        } else {
            name.to_string()
        }
    };
    match c.terms.color.as_str() {
        "black" => format!(
            "{} play{} Black (X), {} White (O).",
            who(challenger),
            if reader == challenger { "" } else { "s" },
            who(challenged)
        ),
        "white" => format!(
            "{} play{} White (O), {} Black (X).",
            who(challenger),
            if reader == challenger { "" } else { "s" },
            who(challenged)
        ),
        _ => "Colours are picked at random (nigiri) when the challenge is accepted.".into(),
    }
}

fn challenge_letter(env: &Env<'_>, c: &Challenge) -> Result<Letter, PipelineError> {
    let ctx = ChallengeCtx {
        server_name: env.settings.identity.name.clone(),
        game: c.id.to_string(),
        challenger: c.challenger.name.clone(),
        challenged: c.challenged.name.clone(),
        terms: term_lines(&c.terms),
        colors: colors_sentence(c, &c.challenged.name),
        expires: c.expires_at.format("%Y-%m-%d").to_string(),
    };
    Ok(Letter {
        to: c.challenged.clone(),
        kind: "challenge",
        subject: format!(
            "[{}] {} challenges you to a game of Go",
            c.id, c.challenger.name
        ),
        text: env.templates.render("challenge.txt", &ctx)?,
        html: None,
        game: None,
        attachments: Vec::new(),
        essential: true,
    })
}

/// Finds the open challenge `game` for a command, or the rejection.
pub(super) fn open_challenge(conn: &Connection, game: GameRef) -> CmdResult<Challenge> {
    let Some(id) = i64::try_from(game.0).ok().and_then(GameId::new) else {
        return Err(reject("no-such-challenge", format!("there is no challenge {game}")).into());
    };
    let Some(c) = challenges::find(conn, id)? else {
        let why = match games::load(conn, id) {
            Ok(_) => format!("{id} is a game, not a challenge waiting for an answer"),
            Err(_) => format!("there is no challenge {id}"),
        };
        return Err(reject("no-such-challenge", why).into());
    };
    let closed = match c.status {
        Status::Open => return Ok(c),
        Status::Accepted => "was accepted already: the game has begun",
        Status::Declined => "was declined",
        Status::Withdrawn => "was withdrawn",
        Status::Expired => "expired unanswered",
    };
    Err(reject("challenge-closed", format!("the challenge {id} {closed}")).into())
}

/// Returns the rejection when `player` is not the one challenged.
pub(super) fn not_challenged(c: &Challenge, player: &Player) -> Option<Rejection> {
    if c.challenged.id == player.id {
        return None;
    }
    Some(match c.challenger.id == player.id {
        true => reject(
            "own-challenge",
            format!(
                "{} is your own challenge: {} accepts it (decline {} withdraws it)",
                c.id, c.challenged.name, c.id
            ),
        ),
        false => reject(
            "not-your-challenge",
            format!(
                "{} is a challenge to {}, not to you",
                c.id, c.challenged.name
            ),
        ),
    })
}

/// `decline GAME`: the challenged player declines, the challenger withdraws.
pub(super) fn decline(c: &Cmd<'_>, game: GameRef) -> CmdResult<Effect> {
    let Cmd {
        conn, env, player, ..
    } = *c;
    let c = open_challenge(conn, game)?;
    let (status, to, what, text) = if c.challenged.id == player.id {
        (
            Status::Declined,
            &c.challenger,
            format!("{} declined your challenge {}.", player.name, c.id),
            format!(
                "You declined the challenge {} from {}.",
                c.id, c.challenger.name
            ),
        )
    } else if c.challenger.id == player.id {
        (
            Status::Withdrawn,
            &c.challenged,
            format!("{} withdrew the challenge {}.", player.name, c.id),
            format!(
                "You withdrew your challenge {} to {}.",
                c.id, c.challenged.name
            ),
        )
    } else {
        let why = format!(
            "{} is a challenge between {} and {}",
            c.id, c.challenger.name, c.challenged.name
        );
        return Err(reject("not-your-challenge", why).into());
    };
    challenges::close(conn, c.id, status, env.now)?;
    let letter = closed_letter(env, &c, to, what)?;
    Ok(Effect::Acted {
        text,
        game: None,
        letters: vec![letter],
    })
}

/// The letter telling `to` that challenge `c` ended without a game.
pub(crate) fn closed_letter(
    env: &Env<'_>,
    c: &Challenge,
    to: &PlayerRef,
    what: String,
) -> Result<Letter, PipelineError> {
    closed_letter_with(env.templates, c, to, what)
}
