//! Letters about a game that commands, `tick` and the admin all send: the
//! game letter (a few sentences, the board as it is to be shown, what to
//! do next) and the letter that a challenge is off.

use rusqlite::Connection;

use crate::mail::templates::{ChallengeClosedCtx, GameLetterCtx, Templates};
use crate::pipeline::base::context::Env;
use crate::pipeline::base::error::PipelineError;
use crate::pipeline::base::letter::Letter;
use crate::pipeline::board::scored;
use crate::store::StoredGame;
use crate::store::challenges::Challenge;
use crate::store::players::PlayerRef;

/// What a game letter says and to whom; its board is the game's.
pub(crate) struct GameLetter<'a> {
    /// Who gets it.
    pub(crate) to: &'a PlayerRef,
    /// The outbox kind, e.g. `game-start`, `scoring`, `resumed`.
    pub(crate) kind: &'static str,
    /// What happened, one paragraph each: the first sentence is the
    /// letter's news (its Subject and first line), and is not said again.
    pub(crate) intro: Vec<String>,
    /// What the reader can do now, one paragraph each.
    pub(crate) next: Vec<String>,
}

/// Renders `game-letter.txt` for `what` (the board with the clock at
/// `env.now`) and wraps it as an essential letter about game `g`, whose
/// news is the first sentence of its intro.
pub(crate) fn game_letter(
    conn: &Connection,
    env: &Env<'_>,
    g: &StoredGame,
    what: GameLetter<'_>,
) -> Result<Letter, PipelineError> {
    let (news, intro) = news_first(what.intro);
    let brief = Some(intro.join("\n\n"));
    let board = scored::board_at(conn, env, g)?;
    let ctx = GameLetterCtx::new(intro, board, what.next);
    Ok(Letter {
        to: what.to.clone(),
        kind: what.kind,
        subject: format!("[{}] {news}", g.id),
        text: env.templates.render("game-letter.txt", &ctx)?,
        game: Some(g.id),
        attachments: Vec::new(),
        essential: true,
        brief,
    })
}

/// The first sentence of `intro` (its news, without its full stop) and
/// the paragraphs after it, the first one's rest kept when it has one.
fn news_first(mut intro: Vec<String>) -> (String, Vec<String>) {
    if intro.is_empty() {
        return (String::new(), intro);
    }
    let first = intro.remove(0);
    let (news, rest) = match first.split_once(". ") {
        Some((news, rest)) => (news.to_string(), rest.trim().to_string()),
        None => (
            first.trim_end().trim_end_matches('.').to_string(),
            String::new(),
        ),
    };
    if !rest.is_empty() {
        intro.insert(0, rest);
    }
    (news, intro)
}

/// As [`closed_letter`], with only the templates (for `tick`).
pub(crate) fn closed_letter_with(
    templates: &Templates,
    c: &Challenge,
    to: &PlayerRef,
    what: String,
) -> Result<Letter, PipelineError> {
    let (news, rest) = news_first(vec![what]);
    let ctx = ChallengeClosedCtx {
        game: c.id.to_string(),
        what: rest.join("\n\n"),
    };
    Ok(Letter {
        to: to.clone(),
        kind: "challenge-closed",
        subject: format!("[{}] {news}", c.id),
        text: templates.render("challenge-closed.txt", &ctx)?,
        game: Some(c.id),
        attachments: Vec::new(),
        essential: false,
        brief: None,
    })
}

#[cfg(test)]
mod tests {
    use super::news_first;

    #[test]
    fn the_first_sentence_is_the_news_and_is_not_said_again() {
        let intro = vec!["bob accepted: game1 has begun. You play Black.".to_string()];
        let (news, rest) = news_first(intro);
        assert_eq!(news, "bob accepted: game1 has begun");
        assert_eq!(rest, ["You play Black."]);
        let (news, rest) = news_first(vec!["bob declined game1.".into(), "More.".into()]);
        assert_eq!(
            (news.as_str(), rest),
            ("bob declined game1", vec!["More.".to_string()])
        );
    }
}
