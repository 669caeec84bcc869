//! What becomes of a player's words (the lines of their mail that are not
//! commands) in the replies: each other player a mail's commands write to
//! reads them, quoted and attributed, in the first mail they get from it
//! (the "your move" mail carries them itself; every other letter gets the
//! `words.txt` block after its opening paragraph, and a mail with words is
//! sent even to a player who takes only essential mail); the sender reads
//! where their words went, and the sender of a mail without commands what
//! was read and why nothing happened (`no-command.txt`), tagged with the
//! challenge its words went to, if they went to one.

use std::collections::HashSet;

use serde::Serialize;

use crate::pipeline::base::context::Env;
use crate::pipeline::base::error::PipelineError;
use crate::pipeline::base::letter::Letter;
use crate::pipeline::base::wording::replies as words;
use crate::pipeline::record::report::{Chat, Report, Topic};
use crate::store::PlayerId;
use crate::store::games::GameId;
use crate::store::players::Player;

/// Context of `words.txt`: a player's words, quoted in a letter.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct WordsCtx {
    /// Who wrote them.
    pub(crate) from: String,
    /// Their lines, as written.
    pub(crate) lines: Vec<String>,
}

/// Context of `no-command.txt`: what a mail without commands came to.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct NoCommandCtx {
    /// The lines read as the player's words.
    pub(crate) words: Vec<String>,
    /// The opponent they went to, if they went.
    pub(crate) sent_to: Option<String>,
    /// The game they went to, if they went.
    pub(crate) game: Option<String>,
    /// Why they went nowhere, if they had somewhere to go.
    pub(crate) nowhere: Option<String>,
    /// They went to the other player of a challenge, not a game yet.
    pub(crate) challenge: bool,
    /// That challenge still waits for an answer.
    pub(crate) open: bool,
}

/// Returns the letters of `report` with `sender`'s words quoted in the
/// first letter each other player gets, except the players in `told`
/// (who read them already, in their "your move" mail).
pub(crate) fn with_words(
    env: &Env<'_>,
    sender: &Player,
    report: &Report,
    mut told: HashSet<PlayerId>,
) -> Result<Vec<Letter>, PipelineError> {
    told.insert(sender.id);
    let block = match report.comment.is_empty() {
        true => None,
        false => Some(words_block(env, sender, &report.comment)?),
    };
    let mut out = Vec::new();
    for letter in report.letters() {
        let mut letter = letter.clone();
        if let Some(block) = block.as_deref()
            && told.insert(letter.to.id)
        {
            letter.text = insert_block(&letter.text, block);
            letter.essential = true;
        }
        out.push(letter);
    }
    out.extend(report.chat_letter().cloned());
    Ok(out)
}

/// Tells the sender of a mail with commands where its words went: to
/// `readers` (the other players its commands write to), or nowhere.
pub(crate) fn words_fate(readers: &[String]) -> String {
    match readers {
        [] => words::words_went_nowhere().to_string(),
        names => words::words_went_to(&names.join(" and ")),
    }
}

/// Renders `words.txt` for `sender`'s `lines`.
fn words_block(env: &Env<'_>, sender: &Player, lines: &[String]) -> Result<String, PipelineError> {
    let ctx = WordsCtx {
        from: sender.name.clone(),
        lines: lines.to_vec(),
    };
    Ok(env.templates.render("words.txt", &ctx)?.trim().to_string())
}

/// Puts `block` into `text` as a paragraph of its own after the letter's
/// opening paragraph (the one after a greeting line such as `Hello,`).
pub(crate) fn insert_block(text: &str, block: &str) -> String {
    let paragraphs: Vec<&str> = text.split("\n\n").collect();
    let greeting = paragraphs
        .first()
        .is_some_and(|p| !p.trim().contains('\n') && p.trim_end().ends_with(','));
    let at = (usize::from(greeting) + 1).min(paragraphs.len());
    let (head, tail) = paragraphs.split_at(at);
    let mut parts: Vec<&str> = head.to_vec();
    parts.push(block);
    parts.extend_from_slice(tail);
    parts.join("\n\n")
}

/// Renders what a mail without commands came to, for its transcript.
pub(crate) fn no_command_text(env: &Env<'_>, report: &Report) -> Result<String, PipelineError> {
    let (sent_to, game, nowhere) = match &report.chat {
        Some(Chat::Sent { to, game, .. }) => (Some(to.clone()), Some(game.to_string()), None),
        Some(Chat::Nowhere(why)) => (None, None, Some(why.clone())),
        None => (None, None, None),
    };
    let challenge = challenge_words(report);
    let ctx = NoCommandCtx {
        words: report.comment.clone(),
        sent_to,
        game,
        nowhere,
        challenge: challenge.is_some(),
        open: challenge.is_some_and(|(_, open)| open),
    };
    Ok(env
        .templates
        .render("no-command.txt", &ctx)?
        .trim_end()
        .to_string())
}

/// The challenge the words of a mail without commands went to, if they
/// went to one, and whether it is still open.
fn challenge_words(report: &Report) -> Option<(GameId, bool)> {
    match &report.chat {
        Some(Chat::Sent {
            game,
            topic: Topic::Challenge { open },
            ..
        }) => Some((*game, *open)),
        _ => None,
    }
}

/// The games a transcript's Subject is tagged with: those it shows (or
/// answers), else the challenge the mail's words went to.
pub(crate) fn subject_games(games: &[String], report: &Report) -> Vec<String> {
    match (games, challenge_words(report)) {
        ([], Some((id, _))) => vec![id.to_string()],
        _ => games.to_vec(),
    }
}

#[cfg(test)]
mod tests {
    use super::insert_block;

    #[test]
    fn the_block_follows_the_opening_paragraph() {
        let text = "Hello bob,\n\nalice challenges you.\n\nTo accept, answer.";
        let out = insert_block(text, "alice wrote:\n\n> hi");
        assert_eq!(
            out,
            "Hello bob,\n\nalice challenges you.\n\nalice wrote:\n\n> hi\n\nTo accept, answer."
        );
    }

    #[test]
    fn without_a_greeting_the_block_follows_the_first_paragraph() {
        let out = insert_block("game1 is over.\n\nBoard", "W");
        assert_eq!(out, "game1 is over.\n\nW\n\nBoard");
        assert_eq!(insert_block("One line", "W"), "One line\n\nW");
    }
}
