//! Words that look like a command: a mail with no command whose only words
//! plainly mean one ("I resign. Good game!", "I pass", "I accept", "undo
//! please", "pass."). The pipeline answers it with the exact command to
//! send, and tells the opponent the game goes on.
//!
//! Kept narrow on purpose: every sentence of the words must be either the
//! one command phrase or a pleasantry ("good game", "thanks"), so a real
//! conversation that merely contains "pass" or "resign" is not flagged.

/// The command the words look like.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Lookalike {
    /// `resign GAME`.
    Resign,
    /// `pass GAME`.
    Pass,
    /// `accept GAME` (a challenge).
    Accept,
    /// `decline GAME` (a challenge).
    Decline,
    /// `undo GAME`.
    Undo,
}

impl Lookalike {
    /// The command's keyword, e.g. `resign`.
    pub fn keyword(self) -> &'static str {
        match self {
            Lookalike::Resign => "resign",
            Lookalike::Pass => "pass",
            Lookalike::Accept => "accept",
            Lookalike::Decline => "decline",
            Lookalike::Undo => "undo",
        }
    }

    /// True for a command about a challenge (not a game yet).
    pub fn is_about_a_challenge(self) -> bool {
        matches!(self, Lookalike::Accept | Lookalike::Decline)
    }
}

/// The phrases that mean each command, normalised (lower case, letters
/// and spaces only, "please" left out).
const PHRASES: &[(Lookalike, &[&str])] = &[
    (
        Lookalike::Resign,
        &[
            "resign",
            "i resign",
            "i resign the game",
            "i resign this game",
            "i will resign",
            "ill resign",
            "i give up",
            "resigned",
            "i am resigning",
            "im resigning",
        ],
    ),
    (
        Lookalike::Pass,
        &[
            "pass",
            "i pass",
            "i will pass",
            "ill pass",
            "i am passing",
            "im passing",
        ],
    ),
    (
        Lookalike::Accept,
        &[
            "accept",
            "i accept",
            "accepted",
            "i accept the challenge",
            "i accept your challenge",
            "challenge accepted",
        ],
    ),
    (
        Lookalike::Decline,
        &[
            "decline",
            "i decline",
            "i decline the challenge",
            "i decline your challenge",
        ],
    ),
    (
        Lookalike::Undo,
        &[
            "undo",
            "undo my move",
            "undo my last move",
            "can i undo",
            "may i undo",
            "can i undo my move",
            "may i undo my move",
        ],
    ),
];

/// Sentences that go with a command without changing what it means.
const PLEASANTRIES: &[&str] = &[
    "good game",
    "gg",
    "thanks",
    "thank you",
    "thanks for the game",
    "thank you for the game",
    "well played",
    "sorry",
    "ok",
    "okay",
    "hi",
    "hello",
];

/// The command `lines` (a mail's words, no command among them) plainly
/// mean, if they mean exactly one.
pub fn looks_like(lines: &[String]) -> Option<Lookalike> {
    let text = lines.join(" ");
    let mut found = None;
    for sentence in text.split(['.', '!', '?', ';', '\n']) {
        let words = normalised(sentence);
        if words.is_empty() || PLEASANTRIES.contains(&words.as_str()) {
            continue;
        }
        let meant = PHRASES
            .iter()
            .find(|(_, phrases)| phrases.contains(&words.as_str()))
            .map(|(l, _)| *l)?;
        if found.is_some_and(|f| f != meant) {
            return None;
        }
        found = Some(meant);
    }
    found
}

/// `sentence` in lower case, letters and single spaces only, without
/// "please", a signing-off name after a comma, and apostrophes.
fn normalised(sentence: &str) -> String {
    let lower = sentence.to_lowercase().replace(['\'', '’'], "");
    let words: Vec<String> = lower
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty() && *w != "please" && *w != "pls")
        .map(str::to_string)
        .collect();
    words.join(" ")
}

#[cfg(test)]
mod tests {
    use super::{Lookalike, looks_like};

    fn read(text: &str) -> Option<Lookalike> {
        let lines: Vec<String> = text.lines().map(str::to_string).collect();
        looks_like(&lines)
    }

    #[test]
    fn plain_words_mean_their_command() {
        assert_eq!(read("I resign. Good game!"), Some(Lookalike::Resign));
        assert_eq!(read("resign"), Some(Lookalike::Resign));
        assert_eq!(read("I pass"), Some(Lookalike::Pass));
        assert_eq!(read("pass."), Some(Lookalike::Pass));
        assert_eq!(read("I accept!"), Some(Lookalike::Accept));
        assert_eq!(read("undo please"), Some(Lookalike::Undo));
        assert_eq!(read("Please undo.\nSorry!"), Some(Lookalike::Undo));
        assert_eq!(read("I'll resign, thanks"), None);
        assert_eq!(read("I'll resign. Thanks"), Some(Lookalike::Resign));
    }

    #[test]
    fn a_conversation_that_contains_the_word_is_not_flagged() {
        assert_eq!(read("Will you pass the salt?"), None);
        assert_eq!(read("I would never resign in such a position."), None);
        assert_eq!(read("I pass. Or maybe not, let me think."), None);
        assert_eq!(read("I pass. I resign."), None);
        assert_eq!(read("Good game!"), None);
        assert_eq!(read(""), None);
    }
}
