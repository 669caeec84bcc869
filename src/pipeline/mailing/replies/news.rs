//! The news line of a transcript: the first line of the reply to a
//! player's own mail, which clients show as its preview. It says what
//! the mail's main command did, from the sender's side ("You played E5
//! in game1; bob to move, due ..."), how many commands a mail of several
//! had, a refusal with its reason, the end of a game as won or lost, or
//! where the words of a mail without commands went.
//!
//! The main command is the first move, else the first command that
//! changed something, else the first that answered, else the first
//! refusal. A sentence the news takes from a command's own text is not
//! said again below it (see [`without_news`]).

use super::queue::Queue;
use crate::go::Phase;
use crate::pipeline::base::error::PipelineError;
use crate::pipeline::base::letter::Letter;
use crate::pipeline::base::phrases::minute;
use crate::pipeline::base::wording::news as words;
use crate::pipeline::mailing::shape::headline;
use crate::pipeline::record::report::{Chat, Effect, Fired, LineResult, Notice, Report};
use crate::store::clock;
use crate::store::games::GameId;

/// The news line of the transcript of `report`, whose sender gets
/// `own` letters with it.
pub(super) fn transcript_news(
    q: &mut Queue<'_, '_>,
    report: &Report,
    own: &[Letter],
) -> Result<String, PipelineError> {
    let lines = &report.lines;
    let Some(main) = main_line(lines) else {
        return Ok(chat_news(report));
    };
    let ended = own.iter().find(|l| l.kind == "game-over");
    let news = match ended {
        Some(letter) => strip_period(&headline(&letter.subject)),
        None => line_news(q, main)?,
    };
    let done = lines.iter().filter(|l| l.result.is_ok()).count();
    Ok(match lines.len() {
        1 => news,
        n => words::several(&news, n, done),
    })
}

/// The command whose news leads: the first move, else the first change,
/// else the first answer, else the first refusal.
fn main_line(lines: &[LineResult]) -> Option<&LineResult> {
    let first = |f: fn(&LineResult) -> bool| lines.iter().find(|l| f(l));
    first(|l| matches!(l.result, Ok(Effect::Changed(_))))
        .or_else(|| first(|l| matches!(l.result, Ok(Effect::Acted { .. }))))
        .or_else(|| first(|l| l.result.is_ok()))
        .or_else(|| lines.first())
}

/// The news of one command.
fn line_news(q: &mut Queue<'_, '_>, line: &LineResult) -> Result<String, PipelineError> {
    Ok(match &line.result {
        Ok(Effect::Changed(n)) => move_news(q, n)?,
        Ok(Effect::Shown(game)) => board_news(q, *game)?,
        Ok(Effect::Acted { text, .. }) => first_sentence(text),
        Ok(Effect::Text(_) | Effect::Registered(_)) => words::answered(&line.command),
        Err(r) => words::refused(&line.command, &r.reason),
    })
}

/// The news of the sender's move, pass or conditional answer `n`.
fn move_news(q: &mut Queue<'_, '_>, n: &Notice) -> Result<String, PipelineError> {
    let g = q.game(n.game)?;
    let deadline = deadline(q, n.game)?;
    let deadline = deadline.as_deref();
    let other = &g.player(n.color.opponent()).name;
    Ok(match (&n.conditional, g.game.phase()) {
        (
            Some(Fired::Played {
                answer, captured, ..
            }),
            _,
        ) => words::you_were_answered(n.game, &n.what, (other, *answer, captured), deadline),
        (_, Phase::Scoring) => words::passed_to_scoring(n.game, "You"),
        _ => words::you_played(n.game, &n.what, &n.captured, other, deadline),
    })
}

/// The news of a board asked for: who is to move in it.
fn board_news(q: &mut Queue<'_, '_>, id: GameId) -> Result<String, PipelineError> {
    let g = q.game(id)?;
    if g.game.phase() != Phase::Play {
        return Ok(words::board_of(id, None, None));
    }
    let to_move = g.player(g.game.to_move());
    let who = match Some(to_move.id) == q.sender {
        true => "you",
        false => to_move.name.as_str(),
    };
    let deadline = deadline(q, id)?;
    Ok(words::board_of(id, Some(who), deadline.as_deref()))
}

/// When the move now due in game `id` is due, while its clock runs.
fn deadline(q: &Queue<'_, '_>, id: GameId) -> Result<Option<String>, PipelineError> {
    Ok(clock::of_game(q.conn, id)?.map(|(d, _)| minute(d)))
}

/// The news of a mail without commands: the command its words look like,
/// else where its words went.
fn chat_news(report: &Report) -> String {
    if let Some(hint) = &report.hint {
        return hint.clone();
    }
    match &report.chat {
        Some(Chat::Sent { to, game, .. }) => words::words_sent(to, *game),
        _ if !report.comment.is_empty() => words::words_nowhere().to_string(),
        _ => words::nothing_read().to_string(),
    }
}

/// The first sentence of `text` (up to its first full stop before a
/// space or line end, or its first line), without the stop.
pub(super) fn first_sentence(text: &str) -> String {
    let text = text.trim_start();
    let line = text.lines().next().unwrap_or("");
    let end = line
        .match_indices(". ")
        .map(|(i, _)| i)
        .next()
        .unwrap_or(line.len());
    strip_period(&line[..end])
}

/// `s` without its closing full stop.
fn strip_period(s: &str) -> String {
    s.trim_end().trim_end_matches('.').to_string()
}

/// `section` without its first sentence when that sentence is `news` (so
/// the transcript does not say its news twice).
pub(super) fn without_news(section: &str, news: &str) -> String {
    if news.is_empty() || first_sentence(section) != news {
        return section.to_string();
    }
    let rest = section.trim_start()[news.len()..].trim_start_matches('.');
    rest.trim_start().to_string()
}

#[cfg(test)]
mod tests {
    use super::{first_sentence, without_news};

    #[test]
    fn the_first_sentence_ends_at_a_full_stop_or_the_line() {
        assert_eq!(
            first_sentence("You accepted game2: you play White. alice moves first."),
            "You accepted game2: you play White"
        );
        assert_eq!(first_sentence("One line\nanother"), "One line");
        assert_eq!(first_sentence("Welcome back."), "Welcome back");
    }

    #[test]
    fn the_news_is_not_said_again_below_it() {
        let section = "You accepted game2: you play White. alice moves first.";
        let news = first_sentence(section);
        assert_eq!(without_news(section, &news), "alice moves first.");
        assert_eq!(without_news("Other words.", &news), "Other words.");
        assert_eq!(without_news("Welcome back.", "Welcome back"), "");
    }
}
