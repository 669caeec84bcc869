//! The words of the letter telling a player that mail to their opponent
//! bounces.

use crate::store::GameId;

/// The Subject: about the one game with `player`, or all of them.
pub(crate) fn bouncing_subject(player: &str, games: &[GameId]) -> String {
    match games {
        [one] => format!("[{one}] {player}'s mail is bouncing"),
        _ => format!("Your opponent {player}'s mail is bouncing"),
    }
}

/// The text: mail to `player` came back `limit` times; the `games` with them.
pub(crate) fn bouncing_text(player: &str, limit: u32, games: &[GameId]) -> String {
    let list: Vec<String> = games.iter().map(ToString::to_string).collect();
    format!(
        "Mail to {name} has come back undelivered {limit} times, so no more mail goes \
         to {name}.\n\nYour games with {name}: {games}.\n\n{name} will not hear of your \
         moves until they send a mail to this server, which starts their mail again. \
         If you can reach {name} another way, you might tell them.\n",
        name = player,
        games = list.join(", "),
    )
}
