//! One mail per player per inbound message: the letters one message
//! causes for one player (the "your move" notice, the marking, the words,
//! the acceptance, the end of the game) merged into one letter, with each
//! game's board shown once, as the last of them left it.
//!
//! Must not decide what a letter says, only how letters are put together
//! (the shape of each mail about a game is `shape`'s).

use super::shape::{headline, without_greeting};
use crate::mail::outbound::Attachment;
use crate::pipeline::base::letter::Letter;
use crate::pipeline::base::wording::replies as words;
use crate::store::games::GameId;

/// Merges `letters` into one letter per player, in the order each player
/// first appears.
pub(crate) fn per_player(letters: Vec<Letter>) -> Vec<Letter> {
    let mut groups: Vec<Vec<Letter>> = Vec::new();
    for letter in letters {
        match groups.iter_mut().find(|g| g[0].to.id == letter.to.id) {
            Some(group) => group.push(letter),
            None => groups.push(vec![letter]),
        }
    }
    groups.into_iter().map(merge).collect()
}

/// Merges the letters of one player into one.
fn merge(mut group: Vec<Letter>) -> Letter {
    if group.len() == 1 {
        return group.remove(0);
    }
    let game = one_game(&group);
    let news: Vec<String> = group.iter().map(|l| headline(&l.subject)).collect();
    let first = group[0].clone();
    let mut parts = bodies(&group);
    if game.is_none() {
        // The news of each letter is its Subject, which a mail about
        // several games does not carry: it heads the letter's part.
        for (part, news) in parts.iter_mut().zip(&news) {
            *part = format!("{news}\n\n{part}");
        }
        parts.insert(0, words::several_games_subject(&games(&group)) + ".");
    }
    parts.retain(|p| !p.trim().is_empty());
    Letter {
        subject: merged_subject(game, &news, &group),
        text: parts.join("\n\n"),
        game,
        attachments: attachments(&group),
        essential: group.iter().any(|l| l.essential),
        brief: None,
        ..first
    }
}

/// The one game all of `group` is about, if they are about one.
fn one_game(group: &[Letter]) -> Option<GameId> {
    let first = group[0].game?;
    group.iter().all(|l| l.game == Some(first)).then_some(first)
}

/// A merged letter's Subject: its news tagged with its one game (which
/// `shape` turns into the game's Subject and first line), else the games
/// it tells of.
fn merged_subject(game: Option<GameId>, news: &[String], group: &[Letter]) -> String {
    match game {
        Some(id) => format!("[{id}] {}", news.join(" ")),
        None => words::several_games_subject(&games(group)),
    }
}

/// The games `group` tells of, each once, in order.
fn games(group: &[Letter]) -> Vec<GameId> {
    let mut out: Vec<GameId> = Vec::new();
    for id in group.iter().filter_map(|l| l.game) {
        if !out.contains(&id) {
            out.push(id);
        }
    }
    out
}

/// The bodies of `group`: a letter that shows a board a later letter
/// about the same game shows again gives only its news.
fn bodies(group: &[Letter]) -> Vec<String> {
    let shows_later = |i: usize| {
        let game = group[i].game;
        group[i + 1..]
            .iter()
            .any(|l| l.game == game && l.brief.is_some())
    };
    let body = |(i, l): (usize, &Letter)| match (&l.brief, shows_later(i)) {
        (Some(brief), true) => brief.clone(),
        _ => without_greeting(&l.text).to_string(),
    };
    group.iter().enumerate().map(body).collect()
}

/// The attachments of `group`, each file once (the last one of a name).
pub(crate) fn attachments(group: &[Letter]) -> Vec<Attachment> {
    let mut out: Vec<Attachment> = Vec::new();
    for a in group.iter().flat_map(|l| &l.attachments) {
        out.retain(|b| b.filename != a.filename);
        out.push(a.clone());
    }
    out
}
