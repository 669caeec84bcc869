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
        "pbmgo's mail to {name} has come back undelivered {limit} times, so pbmgo has \
         stopped mailing {name}.\n\nYour games with {name}: {games}.\n\n{name} will not hear \
         of your moves until they send pbmgo a mail, which starts pbmgo mailing them again. \
         If you can reach {name} another way, you might tell them.\n",
        name = player,
        games = list.join(", "),
    )
}
