//! `rank RANK`: a player declares their rank, until their first rated
//! game; after it their games set it, and only the admin can change it.

use crate::pipeline::base::error::{CmdResult, reject};
use crate::pipeline::base::wording::ratings as words;
use crate::pipeline::execute::cmd::Cmd;
use crate::pipeline::record::report::Effect;
use crate::rating::Rank;
use crate::store::ratings::{self, SetBy};

/// Runs `rank RANK` for the sender.
pub(super) fn declare(c: &Cmd<'_>, rank: Rank) -> CmdResult<Effect> {
    let now = ratings::strength(c.conn, c.player.id)?;
    if now.rated_games > 0 {
        return Err(reject("rank-locked", words::rank_locked(&now.shown())).into());
    }
    ratings::set_rank(
        c.conn,
        c.player.id,
        rank,
        SetBy::Player,
        "declared by mail",
        c.env.now,
    )?;
    Ok(Effect::acted(words::rank_declared(rank), None, Vec::new()))
}
