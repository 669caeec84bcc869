//! The shape every mail about a game is sent in: the game's one Subject
//! (`[game1] alice vs bob, 9x9`, the same from the challenge to the game
//! over, so clients keep the game in one conversation) and the mail's
//! news, which its Subject used to tell, as the first line of its body
//! (clients show it as the preview).

use rusqlite::Connection;

use crate::pipeline::base::error::PipelineError;
use crate::pipeline::base::wording::replies as words;
use crate::store::games::{GameId, thread};

/// The Subject of every mail about game `id`, if the game (or challenge) exists.
pub(crate) fn game_subject(conn: &Connection, id: GameId) -> Result<Option<String>, PipelineError> {
    Ok(thread::between(conn, id)?.map(|b| words::game_subject(id, &b)))
}

/// A mail about game `id` with news `subject` (tagged as letters are) and
/// body `text`, as it is sent: the game's Subject, and the news as the
/// body's first line in place of a greeting. A mail about no game (or a
/// game not found) is left as it is.
pub(crate) fn shaped(
    conn: &Connection,
    id: Option<GameId>,
    subject: &str,
    text: &str,
) -> Result<(String, String), PipelineError> {
    let Some(game) = id.map(|id| game_subject(conn, id)).transpose()?.flatten() else {
        return Ok((subject.to_string(), text.to_string()));
    };
    let body = without_greeting(text);
    Ok((game, format!("{}\n\n{body}", headline(subject))))
}

/// `text` without a greeting line (`Hello,`) as its first paragraph.
pub(crate) fn without_greeting(text: &str) -> &str {
    let text = text.trim_start();
    match text.split_once("\n\n") {
        Some((first, rest)) if is_greeting(first) => rest.trim_start(),
        _ => text,
    }
}

/// True for a one-line paragraph ending with a comma (`Hello bob,`).
fn is_greeting(paragraph: &str) -> bool {
    let p = paragraph.trim();
    !p.contains('\n') && p.ends_with(',') && p.len() < 40
}

/// The news a letter's Subject tells (its `[tags]` taken off), as a sentence.
pub(crate) fn headline(subject: &str) -> String {
    let mut rest = subject.trim();
    while let Some((_, after)) = rest.strip_prefix('[').and_then(|r| r.split_once(']')) {
        rest = after.trim_start();
    }
    match rest.ends_with(['.', '!', '?', '"']) {
        true => rest.to_string(),
        false => format!("{rest}."),
    }
}

#[cfg(test)]
mod tests {
    use super::headline;
    use super::without_greeting;

    #[test]
    fn the_headline_is_the_subject_without_its_tag() {
        assert_eq!(
            headline("[game1] bob accepted the count"),
            "bob accepted the count."
        );
        assert_eq!(headline("[game1] [x] Done!"), "Done!");
    }

    #[test]
    fn a_greeting_paragraph_is_left_out() {
        assert_eq!(without_greeting("Hello,\n\nIn game1."), "In game1.");
        assert_eq!(
            without_greeting("game1 is over.\n\nBoard"),
            "game1 is over.\n\nBoard"
        );
    }
}
