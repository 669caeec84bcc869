//! `pbmgo game conditionals GAME [--json]`: the conditional moves the
//! players of a game have set (`if GAME ...` by mail), which only the
//! admin and the player who set them ever see.

use clap::Args;
use serde::Serialize;

use super::context::GlobalArgs;
use crate::store::GameId;

/// List the conditional moves the players of a game have set
#[derive(Debug, Args)]
pub(crate) struct ConditionalsArgs {
    /// The game: game42, Game42 or 42
    game: GameId,
    /// Print JSON: an array of {"player", "color", "after_move", "current", "sequences"}
    #[arg(long)]
    json: bool,
}

/// One player's sequences in `game conditionals --json`.
#[derive(Serialize)]
struct JsonHeld {
    /// The player's name.
    player: String,
    /// `black` or `white`.
    color: String,
    /// The moves played when the sequences were set or last advanced.
    after_move: u32,
    /// Whether they still apply: the game is at that move and in play.
    current: bool,
    /// Each sequence: the opponent's move, the answer, and so on.
    sequences: Vec<Vec<String>>,
}

/// Runs `game conditionals`; returns 0.
pub(crate) fn conditionals(args: ConditionalsArgs, global: &GlobalArgs) -> anyhow::Result<u8> {
    let ctx = global.context()?;
    let mut store = ctx.read_store()?;
    let (g, held) = store.read(|tx| {
        let g = crate::store::games::load(tx, args.game)?;
        let held = crate::store::conditionals::of_game(tx, g.id, g.game.position().size())?;
        Ok::<_, crate::store::StoreError>((g, held))
    })?;
    let in_play = g.game.phase() == crate::go::Phase::Play;
    let rows: Vec<JsonHeld> = held
        .into_iter()
        .map(|h| {
            let color = g.color_of(h.player_id);
            JsonHeld {
                player: color.map_or_else(String::new, |c| g.player(c).name.clone()),
                color: color.map_or("", |c| c.name()).to_string(),
                after_move: h.sequences.base,
                current: in_play && h.sequences.base == g.game.move_number(),
                sequences: (h.sequences.lines.iter())
                    .map(|l| l.iter().map(ToString::to_string).collect())
                    .collect(),
            }
        })
        .collect();
    if args.json {
        outln!("{}", serde_json::to_string(&rows)?)?;
        return Ok(0);
    }
    if rows.is_empty() {
        outln!("{}: no conditional moves.", args.game)?;
    }
    for h in rows {
        let state = if h.current { "" } else { " (stale)" };
        outln!(
            "{} ({}), set after move {}{state}:",
            h.player,
            h.color,
            h.after_move
        )?;
        for s in h.sequences {
            outln!("    if {} {}", args.game, s.join(" "))?;
        }
    }
    Ok(0)
}
