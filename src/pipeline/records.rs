//! Game records: a stored game as an SGF record (what `pbmgo game sgf`
//! prints and what the end-of-game and `sgf` mails attach).

use crate::go::sgf::{SgfRecord, write_sgf};
use crate::go::{Color, Scoring};
use crate::mail::outbound::Attachment;
use crate::store::StoredGame;

/// Returns the SGF record of a stored game: its start position (handicap
/// stones as setup), players, rules, result and every move.
pub(crate) fn sgf_record(stored: &StoredGame) -> SgfRecord {
    let state = stored.game.state();
    let stones = |c: Color| -> Vec<_> {
        let start = &state.start;
        start
            .size()
            .all_points()
            .filter(|&p| start.get(p) == Some(c))
            .collect()
    };
    SgfRecord {
        size: state.start.size(),
        komi: state.rules.komi,
        handicap: state.handicap,
        setup_black: stones(Color::Black),
        setup_white: stones(Color::White),
        black_name: stored.black.name.clone(),
        white_name: stored.white.name.clone(),
        date: Some(stored.created_at.format("%Y-%m-%d").to_string()),
        rules: Some(
            match state.rules.scoring {
                Scoring::Area => "Chinese",
                Scoring::Territory => "Japanese",
            }
            .to_string(),
        ),
        result: state.result.map(|r| r.to_string()),
        moves: state.moves,
    }
}

/// Returns the game's SGF as a mail attachment named after the game.
pub(crate) fn sgf_attachment(stored: &StoredGame) -> Attachment {
    Attachment {
        filename: format!("{}.sgf", stored.id),
        content_type: "application/x-go-sgf".into(),
        body: write_sgf(&sgf_record(stored)).into_bytes(),
    }
}
