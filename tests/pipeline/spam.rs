//! SpamAssassin trusts our mail: every mail of whole games (a 9x9 from
//! the challenge to the scored result and its SGF, and a 19x19 with
//! handicap stones, resigned) scores below 1.0 with Debian's SpamAssassin
//! and its local rules only (`spamassassin -L`). The rules that scored
//! our mail before were HTML_IMAGE_ONLY_* (an HTML part with a picture and
//! at most 3200 bytes of HTML: the rule measures the whole HTML part) and
//! HTML_IMAGE_RATIO_*.
//!
//! Needs `/usr/bin/spamassassin`, so it is ignored by a plain
//! `cargo test`; `.ci/run` installs SpamAssassin and runs it
//! (`--include-ignored`). The mails go to SpamAssassin as one mbox, and
//! each one's `X-Spam-Status` score is read back.

use std::io::Write;
use std::process::{Command, Stdio};

use crate::common::clock_mail::{ALICE, BOB, harness, outbox_after, send};
use crate::common::home::Home;

const SPAMASSASSIN: &str = "/usr/bin/spamassassin";

/// The raw mails as one mbox (`From ` lines quoted, LF line ends).
fn mbox(mails: &[Vec<u8>]) -> Vec<u8> {
    let mut out = Vec::new();
    for raw in mails {
        let text = String::from_utf8_lossy(raw).replace("\r\n", "\n");
        out.extend_from_slice(b"From pbmgo@example.org Thu Jan  1 00:00:00 2026\n");
        for line in text.lines() {
            if line.starts_with("From ") {
                out.push(b'>');
            }
            out.extend_from_slice(line.as_bytes());
            out.push(b'\n');
        }
        out.push(b'\n');
    }
    out
}

/// SpamAssassin's score and rules of each mail, in order.
fn scores(mails: &[Vec<u8>]) -> Vec<(f64, String)> {
    let mut child = Command::new(SPAMASSASSIN)
        .args(["-L", "--mbox"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("spamassassin runs: install it (.ci/run does)");
    let input = mbox(mails);
    let mut stdin = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || stdin.write_all(&input));
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap().unwrap();
    let text = String::from_utf8_lossy(&out.stdout).replace("\n\t", " ");
    text.lines()
        .filter_map(|l| l.strip_prefix("X-Spam-Status: "))
        .map(|status| {
            let score = status.split("score=").nth(1).unwrap().split(' ').next();
            let tests = status.split("tests=").nth(1).unwrap_or_default();
            (score.unwrap().parse().unwrap(), tests.to_string())
        })
        .collect()
}

/// Plays `moves` in game `game`, alice (Black) first, from hour `t`.
fn play(h: &impl Home, game: &str, moves: &[&str], t: &mut f64) {
    for (i, m) in moves.iter().enumerate() {
        let from = if i % 2 == 0 { ALICE } else { BOB };
        let line = match *m {
            "pass" | "resign" => format!("{m} {game}"),
            p => format!("move {game} {p}"),
        };
        *t += 1.0;
        send(h, from, &line, *t);
    }
}

/// Every mail of a 9x9 game from the challenge to the count accepted, and
/// of a 19x19 game played a while, then resigned.
fn whole_games() -> Vec<Vec<u8>> {
    let h = harness();
    let mut t = 0.0;
    send(&h, ALICE, "challenge bob size 9", t);
    send(&h, BOB, "accept game1", 1.0);
    t += 1.0;
    let nine = [
        "C3", "G7", "C7", "G3", "E5", "E4", "D4", "F5", "E6", "F6", "D6", "F4", "pass", "pass",
    ];
    play(&h, "game1", &nine, &mut t);
    for who in [ALICE, BOB] {
        t += 1.0;
        send(&h, who, "done game1", t);
    }
    h.game_new("alice", "bob", 19);
    let nineteen = [
        "D4", "Q16", "Q4", "D16", "C14", "R10", "K10", "F3", "K16", "C10", "O3", "R14", "Q10",
        "J4", "R6", "E10",
    ];
    play(&h, "game2", &nineteen, &mut t);
    t += 1.0;
    send(&h, BOB, "resign game2", t);
    let rows = outbox_after(&h, 0);
    assert!(rows.len() > 30, "{} mails", rows.len());
    rows.into_iter().map(|r| r.mail.raw).collect()
}

#[test]
#[ignore = "needs /usr/bin/spamassassin, which .ci/run installs"]
fn every_mail_of_whole_games_scores_below_one() {
    let mails = whole_games();
    let found = scores(&mails);
    assert_eq!(found.len(), mails.len(), "a score for each mail");
    let mut sorted: Vec<f64> = found.iter().map(|(s, _)| *s).collect();
    sorted.sort_by(f64::total_cmp);
    println!(
        "{} mails: SpamAssassin -L scores min {} median {} max {}",
        sorted.len(),
        sorted[0],
        sorted[sorted.len() / 2],
        sorted[sorted.len() - 1]
    );
    for ((score, tests), raw) in found.iter().zip(&mails) {
        let text = String::from_utf8_lossy(raw);
        assert!(*score < 1.0, "{score} ({tests}) for:\n{text}");
    }
}
