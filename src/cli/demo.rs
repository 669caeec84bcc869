//! `pbmgo demo`: the whole job in one command. It makes a fresh home,
//! registers two players and a game, copies the sample mails of
//! `data/examples/` (embedded in the binary) into the inbox, runs the same
//! `poll` as cron does, and prints the replies it wrote. The mails are
//! written as people write them (a reply below the quote, an HTML-only
//! phone reply, chat beside a move, a typo) and play a ko fight in game1, then a whole small game2 from alice's challenge to the
//! count both accept.

use std::path::{Path, PathBuf};

use anyhow::{Context as _, bail};
use clap::Args;

use super::context::GlobalArgs;
use super::mailrun::{self, BATCH};
use super::output::capitalized;
use crate::go::{BoardSize, Game, Rules, render};
use crate::runner::poll_maildir;
use crate::store::messages::{self, Outcome};
use crate::store::{Store, games, outbox, players};

/// The sample mails, in the order they arrive.
const EXAMPLES: &[(&str, &[u8])] = &[
    (
        "01-alice-d6",
        include_bytes!("../../data/examples/01-alice-d6.eml"),
    ),
    (
        "02-bob-e6",
        include_bytes!("../../data/examples/02-bob-e6.eml"),
    ),
    (
        "03-alice-c5",
        include_bytes!("../../data/examples/03-alice-c5.eml"),
    ),
    (
        "04-bob-f5",
        include_bytes!("../../data/examples/04-bob-f5.eml"),
    ),
    (
        "05-alice-e5",
        include_bytes!("../../data/examples/05-alice-e5.eml"),
    ),
    (
        "06-bob-e4",
        include_bytes!("../../data/examples/06-bob-e4.eml"),
    ),
    (
        "07-alice-d4",
        include_bytes!("../../data/examples/07-alice-d4.eml"),
    ),
    (
        "08-bob-d5-takes-ko",
        include_bytes!("../../data/examples/08-bob-d5-takes-ko.eml"),
    ),
    (
        "09-alice-retakes-ko",
        include_bytes!("../../data/examples/09-alice-retakes-ko.eml"),
    ),
    (
        "10-alice-typo",
        include_bytes!("../../data/examples/10-alice-typo.eml"),
    ),
    (
        "11-bob-vacation",
        include_bytes!("../../data/examples/11-bob-vacation.eml"),
    ),
    (
        "12-carol-unknown",
        include_bytes!("../../data/examples/12-carol-unknown.eml"),
    ),
    (
        "13-alice-challenges-bob",
        include_bytes!("../../data/examples/13-alice-challenges-bob.eml"),
    ),
    (
        "14-bob-accepts",
        include_bytes!("../../data/examples/14-bob-accepts.eml"),
    ),
    (
        "15-alice-c3",
        include_bytes!("../../data/examples/15-alice-c3.eml"),
    ),
    (
        "16-bob-passes",
        include_bytes!("../../data/examples/16-bob-passes.eml"),
    ),
    (
        "17-alice-passes",
        include_bytes!("../../data/examples/17-alice-passes.eml"),
    ),
    (
        "18-bob-done",
        include_bytes!("../../data/examples/18-bob-done.eml"),
    ),
    (
        "19-alice-done",
        include_bytes!("../../data/examples/19-alice-done.eml"),
    ),
];

/// Run the whole mail job once on sample mails, in a fresh home
#[derive(Debug, Args)]
pub(crate) struct DemoArgs {}

/// Runs `pbmgo demo`.
pub(crate) fn demo(_args: DemoArgs, global: &GlobalArgs) -> anyhow::Result<u8> {
    let root = demo_home(global)?;
    outln!("Demo home: {}", root.display())?;
    let ctx = global.context_at(&root)?;
    ctx.home
        .create_layout()
        .context("cannot create the demo home")?;
    let mut store = ctx.create_store()?;
    setup_game(&mut store, ctx.now)?;
    let (inbox, held) = mailrun::folders(&ctx.home, None)?;
    for (name, raw) in EXAMPLES {
        inbox
            .deliver(raw, name)
            .with_context(|| format!("cannot put {name} into the inbox"))?;
    }
    outln!("Registered alice <alice@example.org> and bob <bob@example.org>; created game1 (9x9).")?;
    outln!(
        "Copied {} sample mails into {}; running poll.\n",
        EXAMPLES.len(),
        inbox.root().display()
    )?;
    let run = mailrun::run_context(&ctx, global.pinned_time(), BATCH)?;
    let summary = poll_maildir(&mut store, &run, &inbox, &held, &mut || {})?;
    let sent = mailrun::send_now(&ctx.home, &mut store, run.now())?;
    outln!(
        "poll: processed {}, applied {}, rejected {}, answered {}, ignored {}, quarantined {}, sent {}\n",
        summary.processed,
        summary.applied,
        summary.rejected,
        summary.answered,
        summary.ignored,
        summary.quarantined,
        sent.sent
    )?;
    show_replies(&store, &ctx.home.outbox())?;
    show_unanswered(&store)?;
    show_boards(&store)?;
    outln!(
        "\nThe replies are .eml files in {}. Try: pbmgo --home {} game show game2",
        ctx.home.outbox().display(),
        root.display()
    )?;
    Ok(0)
}

/// Returns the demo's home: the one named (which must be empty), else a new folder.
fn demo_home(global: &GlobalArgs) -> anyhow::Result<PathBuf> {
    if global.home_given() {
        let dir = global.home_dir().to_path_buf();
        if dir.exists() && std::fs::read_dir(&dir)?.next().is_some() {
            bail!(
                "{} is not empty: give pbmgo demo a new or empty --home",
                dir.display()
            );
        }
        return Ok(dir);
    }
    for n in 1..1000 {
        let dir = std::env::temp_dir().join(format!("pbmgo-demo-{}-{n}", std::process::id()));
        if !dir.exists() {
            return Ok(dir);
        }
    }
    bail!(
        "cannot find a free folder for the demo in {}",
        std::env::temp_dir().display()
    )
}

fn setup_game(store: &mut Store, now: chrono::DateTime<chrono::Utc>) -> anyhow::Result<()> {
    store.write(|tx| {
        let alice = players::add(tx, "alice", &["alice@example.org".to_string()], now)?;
        let bob = players::add(tx, "bob", &["bob@example.org".to_string()], now)?;
        let size = BoardSize::new(9).map_err(anyhow::Error::msg)?;
        games::insert(
            tx,
            &alice.as_ref(),
            &bob.as_ref(),
            &Game::new(size, Rules::default()),
            &[],
            now,
        )?;
        Ok(())
    })
}

/// The replies the demo prints in full (up to the board): a label, the
/// rejection code that picks it, or else words its news (the first line of
/// a mail that is not a transcript) contains.
const SHOWN: &[(&str, Option<&str>, &str)] = &[
    (
        "bob's reply below the quote, as alice reads it (his signature and the quote stay out):",
        None,
        "bob played F5",
    ),
    (
        "bob's HTML-only reply from his phone, with a chat line beside the move, as alice reads it:",
        None,
        "bob played E4",
    ),
    (
        "alice's \"Play well!\" beside her move, as bob reads it:",
        None,
        "alice played E5",
    ),
    ("The ko rejection, as alice reads it:", Some("ko"), ""),
    ("The typo, as alice reads it:", Some("did-you-mean"), ""),
];

/// Prints one line per reply, then the replies of [`SHOWN`] up to their board.
fn show_replies(store: &Store, outbox_dir: &Path) -> anyhow::Result<()> {
    let mut rows = outbox::list(store.conn(), None, u32::MAX)?;
    rows.reverse();
    outln!("Replies written ({}):", rows.len())?;
    let mut shown: Vec<Option<String>> = vec![None; SHOWN.len()];
    for r in &rows {
        let raw =
            std::fs::read(outbox_dir.join(format!("{}.eml", r.message_id))).unwrap_or_default();
        let (subject, rejected, text) = summarize(&raw);
        outln!(
            "  to {:<20} {}{}{}",
            r.recipient,
            subject,
            match news(&text) {
                n if n.is_empty() || n.ends_with(',') => String::new(),
                n => format!(": {n}"),
            },
            if rejected.is_empty() {
                String::new()
            } else {
                format!("  [X-Pbmgo-Rejected: {}]", rejected.join(", "))
            }
        )?;
        for (slot, (_, code, words)) in shown.iter_mut().zip(SHOWN) {
            let picked = match code {
                Some(code) => rejected.iter().any(|c| c == code),
                None => !subject.contains("Re:") && news(&text).contains(words),
            };
            if picked && slot.is_none() {
                *slot = Some(text.clone());
            }
        }
    }
    for ((label, _, _), text) in SHOWN.iter().zip(shown) {
        if let Some(text) = text {
            outln!("\n{label}\n\n{}", indent(&before_board(&text)))?;
        }
    }
    Ok(())
}

/// The first line of a mail's text: its news.
fn news(text: &str) -> &str {
    text.lines().next().unwrap_or_default()
}

/// Returns `text` up to the game's header line, without trailing blank lines.
fn before_board(text: &str) -> String {
    let lines: Vec<&str> = text
        .lines()
        .take_while(|l| !l.starts_with("game1: "))
        .collect();
    lines.join("\n").trim_end().to_string()
}

fn summarize(raw: &[u8]) -> (String, Vec<String>, String) {
    let Some(m) = mail_parser::MessageParser::default().parse(raw) else {
        return (String::new(), Vec::new(), String::new());
    };
    let rejected = m
        .headers()
        .iter()
        .filter(|h| h.name().eq_ignore_ascii_case("X-Pbmgo-Rejected"))
        .filter_map(|h| h.value().as_text().map(|t| t.trim().to_string()))
        .collect();
    let text = m.body_text(0).map(|t| t.into_owned()).unwrap_or_default();
    (m.subject().unwrap_or("").to_string(), rejected, text)
}

fn indent(text: &str) -> String {
    text.lines()
        .map(|l| format!("    {l}"))
        .collect::<Vec<_>>()
        .join("\n")
}

/// Prints the board of each demo game as it stands after the poll.
fn show_boards(store: &Store) -> anyhow::Result<()> {
    for id in [1, 2] {
        let Some(id) = games::GameId::new(id) else {
            continue;
        };
        let g = games::load(store.conn(), id)?;
        let state = match g.game.result() {
            Some(result) => format!("over, {result}"),
            None => format!(
                "move {}, {} to play",
                g.game.move_number() + 1,
                capitalized(g.game.to_move().name())
            ),
        };
        outln!(
            "\n{id} ({} as Black, {} as White) now: {state}\n\n{}",
            g.black.name,
            g.white.name,
            indent(render::render_game(&g.game).trim_end())
        )?;
    }
    Ok(())
}

fn show_unanswered(store: &Store) -> anyhow::Result<()> {
    let ignored: Vec<_> = messages::list(store.conn(), u32::MAX)?
        .into_iter()
        .filter(|m| m.outcome == Outcome::Ignored)
        .collect();
    outln!("\nMail pbmgo refused to answer ({}):", ignored.len())?;
    for m in ignored.iter().rev() {
        outln!(
            "  from {:<20} {:?}: {} ({})",
            m.sender.as_deref().unwrap_or("?"),
            m.subject,
            m.detail,
            m.reasons.join(" ")
        )?;
    }
    Ok(())
}
