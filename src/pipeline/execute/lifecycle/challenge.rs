//! `challenge NAME [options] [ladder T]` and `decline GAME`: offering a game, and
//! refusing or withdrawing the offer; finding an open challenge for
//! `accept` (in `accept`), and the letters about challenges.

use crate::pipeline::base::context::Env;
use crate::pipeline::base::error::{CmdResult, PipelineError, Rejection, reject};
use crate::pipeline::base::phrases::minute;
use crate::pipeline::base::wording::challenge as words;
use crate::pipeline::execute::cmd::Cmd;
use crate::pipeline::games::game_letter::closed_letter_with;
use crate::pipeline::record::report::Effect;
use chrono::Duration;
use rusqlite::Connection;

use super::{fair, ladder};
use crate::clock::System;
use crate::command::{ChallengeOptions, GameRef, Komi};
use crate::go::handicap::{max_fixed, max_free};
use crate::go::{BoardSize, KoRule};
use crate::mail::templates::ChallengeCtx;
use crate::pipeline::base::letter::Letter;
use crate::pipeline::base::wording::ratings as rating_words;
use crate::store::StoreError;
use crate::store::challenges::{self, Challenge, Status, Terms};
use crate::store::games::{self, GameId};
use crate::store::players::{self, Player, PlayerRef};
use crate::store::ratings;
use crate::store::time_terms::TimeTerms;
use crate::store::tournaments::pairings;

/// The board size of a challenge that does not say.
const DEFAULT_SIZE: u8 = 19;

/// `challenge NAME [options]`.
pub(super) fn challenge(
    c: &Cmd<'_>,
    opponent: &str,
    options: &ChallengeOptions,
    ladder_name: Option<&str>,
) -> CmdResult<Effect> {
    let other = find_opponent(c, opponent)?;
    let on_ladder = match ladder_name {
        Some(name) => Some(ladder::check(c, &other, name)?),
        None => None,
    };
    let (terms, why) = terms(c, &other, options)?;
    if let Some(r) = over_limit(c, &other)? {
        return Err(r.into());
    }
    let offered = offer(c, &other, &terms)?;
    let lines = with_ranks(c.conn, &offered)?;
    let mut why = why.unwrap_or_default();
    if let Some((t, line)) = on_ladder {
        pairings::set_ladder_challenge(c.conn, offered.id, t)?;
        why = [why, line].join("\n").trim().to_string();
    }
    let letter = challenge_letter(c.env, &offered, &lines, &why)?;
    let mut colors = colors(&offered, &c.player.name);
    if !why.is_empty() {
        colors = format!("{why}\n{colors}");
    }
    let text = words::challenge_sent(offered.id, &other.name, &lines, &colors, offered.expires_at);
    Ok(Effect::acted(text, None, vec![letter]))
}

/// Finds the player called `name`, who must be someone else.
fn find_opponent(c: &Cmd<'_>, name: &str) -> CmdResult<Player> {
    let other = match players::find(c.conn, name) {
        Ok(p) => p,
        Err(StoreError::NotFound { .. }) => {
            return Err(reject("no-such-player", words::no_such_player(name)).into());
        }
        Err(e) => return Err(e.into()),
    };
    if other.id == c.player.id {
        return Err(reject("challenge-self", words::challenge_self()).into());
    }
    Ok(other)
}

/// Stores the sender's challenge to `other` on `terms`; returns it as stored.
fn offer(c: &Cmd<'_>, other: &Player, terms: &Terms) -> CmdResult<Challenge> {
    let env = c.env;
    let expires = env.now + Duration::days(i64::from(env.settings.games.challenge_expiry_days));
    let (me, them) = (c.player.as_ref(), other.as_ref());
    let id = challenges::insert(c.conn, &me, &them, terms, env.now, expires)?;
    let missing = StoreError::NotFound {
        what: "challenge",
        id: id.to_string(),
    };
    Ok(challenges::find(c.conn, id)?.ok_or(missing)?)
}

/// Checks the options against the board and fills in the server's
/// defaults; with `handicap auto`, also what it chose and why.
fn terms(c: &Cmd<'_>, other: &Player, o: &ChallengeOptions) -> CmdResult<(Terms, Option<String>)> {
    let env = c.env;
    let size_n = o.size.unwrap_or(DEFAULT_SIZE);
    let size = BoardSize::new(u32::from(size_n))
        .map_err(|e| reject("bad-option", words::bad_size(size_n, &e.to_string())))?;
    let scoring = o.scoring.unwrap_or_default();
    let auto = o.handicap_auto || (o.handicap.is_none() && env.settings.games.handicap == "auto");
    if o.handicap_auto && o.handicap.is_some() {
        return Err(reject("bad-option", rating_words::auto_and_stones()).into());
    }
    let fair = match auto {
        true => {
            let pair = (&c.player.as_ref(), &other.as_ref());
            Some(fair::fair(
                c.conn,
                (pair.0, pair.1),
                o,
                size,
                scoring.default_komi(0),
            )??)
        }
        false => None,
    };
    let h = fair.as_ref().map_or(o.handicap.unwrap_or(0), |f| f.stones);
    // `free` with no stones is refused, unless handicap auto chose none.
    let free = o.free && (fair.is_none() || h > 0);
    if let Some(why) = handicap_refusal(h, free, size, size_n) {
        return Err(reject("bad-handicap", why).into());
    }
    let system = env.settings.games.system_for(o.time, o.days);
    let komi = match &fair {
        Some(f) => f.komi,
        None => o.komi.map_or(scoring.default_komi(h), Komi::points),
    };
    let color = fair.as_ref().map_or(o.color, |f| f.color);
    let terms = Terms {
        size: size_n,
        komi,
        handicap: h,
        free,
        color: color.name().to_string(),
        ko: o.ko.unwrap_or(KoRule::List),
        scoring,
        days: per_move_days(o, &system).unwrap_or(env.settings.games.days_per_move),
        clock: TimeTerms {
            system,
            weekends_off: o.weekends_off,
            night_hours: o.night.unwrap_or(0),
        },
        rated: o.rated.unwrap_or(env.settings.ratings.default_rated),
    };
    Ok((terms, fair.map(|f| f.why)))
}

/// The term lines of `c` with both players' ranks.
fn with_ranks(conn: &Connection, c: &Challenge) -> Result<Vec<String>, PipelineError> {
    let mut lines = words::term_lines(&c.terms);
    let shown = |p: &PlayerRef| -> Result<String, PipelineError> {
        Ok(format!(
            "{} {}",
            p.name,
            ratings::strength(conn, p.id)?.shown()
        ))
    };
    lines.push(format!(
        "Ranks: {}, {}",
        shown(&c.challenger)?,
        shown(&c.challenged)?
    ));
    Ok(lines)
}

/// The whole days a move may take under a per-move `system` (rounded up),
/// or the days `o` names; `None` for another system that names none.
fn per_move_days(o: &ChallengeOptions, system: &System) -> Option<u32> {
    match system {
        System::PerMove { per_move } => u32::try_from((per_move.secs() + 86_399) / 86_400).ok(),
        _ => o.days,
    }
    .map(|d| d.max(1))
}

/// Returns why `h` handicap stones (`free`ly placed or fixed) do not fit
/// the board `size` (`n` lines), if they do not.
fn handicap_refusal(h: u32, free: bool, size: BoardSize, n: u8) -> Option<String> {
    match (h, free) {
        (1, _) => Some(words::one_stone_handicap().into()),
        (0, true) => Some(words::free_without_handicap().into()),
        (h, true) if h > max_free(size) => Some(words::too_many_free(max_free(size), n)),
        (h, false) if h >= 2 => match max_fixed(size) {
            None => Some(words::no_fixed_points(n)),
            Some(max) if h > max => Some(words::too_many_fixed(max, n)),
            Some(_) => None,
        },
        _ => None,
    }
}

/// Returns the rejection when either player has as many games as allowed.
fn over_limit(c: &Cmd<'_>, other: &Player) -> Result<Option<Rejection>, PipelineError> {
    let per_day = c.env.settings.challenges_per_day;
    let since = c.env.now - Duration::days(1);
    if challenges::made_since(c.conn, c.player.id, since)? >= per_day {
        return Ok(Some(reject(
            "challenge-limit",
            words::challenge_limit(per_day),
        )));
    }
    let max = c.env.settings.max_games_per_player;
    if max == 0 {
        return Ok(None);
    }
    if challenges::commitments(c.conn, c.player.id)? >= max {
        return Ok(Some(reject("too-many-games", words::too_many_games(max))));
    }
    if challenges::commitments(c.conn, other.id)? >= max {
        let why = words::opponent_too_many_games(&other.name, max);
        return Ok(Some(reject("opponent-too-many-games", why)));
    }
    Ok(None)
}

/// Says who plays which colour in `c`, to the player called `reader`.
fn colors(c: &Challenge, reader: &str) -> String {
    let (challenger, challenged) = (&c.challenger.name, &c.challenged.name);
    words::colors_sentence(challenger, challenged, &c.terms.color, reader)
}

/// The letter offering challenge `c` to the player challenged.
fn challenge_letter(
    env: &Env<'_>,
    c: &Challenge,
    lines: &[String],
    why: &str,
) -> Result<Letter, PipelineError> {
    let ctx = ChallengeCtx {
        server_name: env.settings.identity.name.clone(),
        game: c.id.to_string(),
        challenger: c.challenger.name.clone(),
        challenged: c.challenged.name.clone(),
        terms: lines.to_vec(),
        colors: colors(c, &c.challenged.name),
        why: why.to_string(),
        expires: minute(c.expires_at),
    };
    Ok(Letter {
        to: c.challenged.clone(),
        kind: "challenge",
        subject: words::challenge_subject(c.id, &c.challenger.name),
        text: env.templates.render("challenge.txt", &ctx)?,
        game: Some(c.id),
        attachments: Vec::new(),
        essential: true,
        brief: None,
    })
}

/// Finds the open challenge `game` for a command, or the rejection.
pub(super) fn open_challenge(conn: &Connection, game: GameRef) -> CmdResult<Challenge> {
    let missing = || reject("no-such-challenge", words::no_such_challenge(game.0));
    let Some(id) = GameId::from_number(game.0) else {
        return Err(missing().into());
    };
    let Some(c) = challenges::find(conn, id)? else {
        return Err(match games::load(conn, id) {
            Ok(_) => reject("no-such-challenge", words::is_a_game(id)),
            Err(_) => missing(),
        }
        .into());
    };
    match c.status {
        Status::Open => Ok(c),
        status => Err(reject("challenge-closed", words::challenge_closed(id, status)).into()),
    }
}

/// Returns the rejection when `player` is not the one challenged.
pub(super) fn not_challenged(c: &Challenge, player: &Player) -> Option<Rejection> {
    if c.challenged.id == player.id {
        return None;
    }
    Some(match c.challenger.id == player.id {
        true => reject(
            "own-challenge",
            words::own_challenge(c.id, &c.challenged.name),
        ),
        false => reject(
            "not-your-challenge",
            words::not_your_challenge(c.id, &c.challenged.name),
        ),
    })
}

/// `decline GAME`: the challenged player declines, the challenger withdraws.
pub(super) fn decline(c: &Cmd<'_>, game: GameRef) -> CmdResult<Effect> {
    let open = open_challenge(c.conn, game)?;
    let closing = closing(&open, c.player)?;
    challenges::close(c.conn, open.id, closing.status, c.env.now)?;
    let letter = closed_letter(c.env, &open, closing.to, closing.letter)?;
    Ok(Effect::acted(closing.text, None, vec![letter]))
}

/// How a `decline` closes a challenge.
struct Closing<'a> {
    /// Declined or withdrawn.
    status: Status,
    /// The other player, who is told.
    to: &'a PlayerRef,
    /// What their letter says.
    letter: String,
    /// What the sender's transcript says.
    text: String,
}

/// How `player` closes `c`: the challenged player declines it, the
/// challenger withdraws it; anyone else is refused.
fn closing<'a>(c: &'a Challenge, player: &Player) -> Result<Closing<'a>, Rejection> {
    let (id, name) = (c.id, &player.name);
    if c.challenged.id == player.id {
        return Ok(Closing {
            status: Status::Declined,
            to: &c.challenger,
            letter: words::declined_letter(name, id),
            text: words::declined(id, &c.challenger.name),
        });
    }
    if c.challenger.id == player.id {
        return Ok(Closing {
            status: Status::Withdrawn,
            to: &c.challenged,
            letter: words::withdrew_letter(name, id),
            text: words::withdrew(id, &c.challenged.name),
        });
    }
    let why = words::not_between(id, &c.challenger.name, &c.challenged.name);
    Err(reject("not-your-challenge", why))
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
