//! A temporary pbmgo home driven through the real binary, for the
//! pipeline, CLI and fault tests: `init` with a config, players and games
//! (filler games up to a wanted id, games with a history imported from a
//! generated SGF), mail dropped into `inbox/new`, `poll` with a pinned
//! clock, and the replies read back from the outbox folder and parsed (see
//! [`Home`] for what it shares with the in-process harness). Also the
//! vocabulary both use: [`OutMail`], [`mail`], [`Counts`], [`history`].

use std::cell::Cell;
use std::path::{Path, PathBuf};
use std::process::Output;
use std::sync::atomic::{AtomicU32, Ordering};

use assert_cmd::Command;
use mail_parser::MimeHeaders;
use serde_json::Value;
use tempfile::TempDir;

use super::home::{Home, Numbering, PollSummary};

/// The time every command runs at unless told otherwise.
pub const NOW: &str = "2026-11-22T12:00:00Z";
/// The server's address in every test home (as in the inbound fixtures).
pub const SERVER: &str = "games@pbmgo.example";

/// A temporary home and the binary run on it.
pub struct PbmgoHome {
    dir: TempDir,
    /// Mails dropped into the inbox so far (names them in order).
    dropped: Cell<u32>,
    /// The games created through this helper.
    numbering: Numbering,
}

impl PbmgoHome {
    /// A home after `init`, with the server at [`SERVER`] and default limits.
    pub fn new() -> PbmgoHome {
        PbmgoHome::with_config("")
    }

    /// A home after `init` whose config is `[server]` plus `extra` (other sections).
    pub fn with_config(extra: &str) -> PbmgoHome {
        let h = PbmgoHome {
            dir: tempfile::tempdir().unwrap(),
            dropped: Cell::new(0),
            numbering: Numbering::default(),
        };
        h.ok(&["init"]);
        let config = format!(
            "[server]\naddress = \"{SERVER}\"\nname = \"pbmgo\"\nsignup = \"open\"\n\n{extra}\n"
        );
        std::fs::write(h.path().join("pbmgo.toml"), config).unwrap();
        h
    }

    /// Like [`PbmgoHome::with_config`], with the home in a new temporary
    /// folder under `parent` (a tmpfs such as `/dev/shm`, say).
    pub fn with_config_in(parent: &Path, extra: &str) -> PbmgoHome {
        let h = PbmgoHome {
            dir: tempfile::tempdir_in(parent).unwrap(),
            dropped: Cell::new(0),
            numbering: Numbering::default(),
        };
        h.ok(&["init"]);
        let config = format!(
            "[server]\naddress = \"{SERVER}\"\nname = \"pbmgo\"\nsignup = \"open\"\n\n{extra}\n"
        );
        std::fs::write(h.path().join("pbmgo.toml"), config).unwrap();
        h
    }

    pub fn path(&self) -> PathBuf {
        self.dir.path().join("home")
    }

    /// The binary on this home at `now`.
    pub fn cmd_at(&self, args: &[&str], now: &str) -> Command {
        let mut c = Command::new(env!("CARGO_BIN_EXE_pbmgo"));
        c.arg("--home").arg(self.path()).args(args);
        c.env("PBMGO_NOW", now)
            .env_remove("PBMGO_HOME")
            .env_remove("RUST_LOG")
            .env_remove("PBMGO_SMTP_PASSWORD");
        c
    }

    pub fn cmd(&self, args: &[&str]) -> Command {
        self.cmd_at(args, NOW)
    }

    /// Runs a command at `now` that must exit 0; returns its stdout.
    pub fn ok_at(&self, args: &[&str], now: &str) -> String {
        let out = self.cmd_at(args, now).output().unwrap();
        check_ok(args, &out);
        String::from_utf8(out.stdout).unwrap()
    }

    pub fn ok(&self, args: &[&str]) -> String {
        self.ok_at(args, NOW)
    }

    /// Runs a command with `--json` and parses its stdout.
    pub fn json(&self, args: &[&str]) -> Value {
        let mut args = args.to_vec();
        args.push("--json");
        let text = self.ok(&args);
        serde_json::from_str(&text).unwrap_or_else(|e| panic!("{args:?}: {e}: {text}"))
    }

    /// `pbmgo deliver` at NOW with `raw` on stdin.
    pub fn deliver(&self, raw: &[u8]) -> Output {
        self.cmd(&["deliver"])
            .write_stdin(raw.to_vec())
            .output()
            .unwrap()
    }

    pub fn quarantined(&self) -> Vec<Value> {
        array(self.json(&["quarantine", "list"]))
    }

    /// File names in a sub-folder of the home (`inbox/new`, `quarantine/new`...).
    pub fn files(&self, sub: &str) -> Vec<String> {
        let mut names: Vec<String> = std::fs::read_dir(self.path().join(sub))
            .unwrap()
            .map(|e| e.unwrap().file_name().into_string().unwrap())
            .filter(|n| !n.starts_with('.'))
            .collect();
        names.sort();
        names
    }
}

impl Home for PbmgoHome {
    /// The summary line `poll` prints.
    type Polled = String;

    fn player(&self, name: &str, address: &str) {
        self.ok(&["player", "add", name, address]);
    }

    /// `game new --no-mail` (the start letters have tests of their own);
    /// returns the id (`game7`).
    fn game_new(&self, black: &str, white: &str, size: u32) -> String {
        let size = size.to_string();
        let out = self.ok(&[
            "game",
            "new",
            "--black",
            black,
            "--white",
            white,
            "--size",
            &size,
            "--no-mail",
        ]);
        self.numbering.created(out.trim())
    }

    /// `game import` of a record of `moves` (points such as `C3`, or `pass`,
    /// Black first); returns the id.
    fn import(&self, size: u32, moves: &[String], players: [&str; 2], flags: &[&str]) -> String {
        let [black, white] = players;
        let n = self.numbering.next();
        let file = self.dir.path().join(format!("import-{n}.sgf"));
        std::fs::write(&file, sgf(size, moves)).unwrap();
        let file = file.to_str().unwrap();
        let mut args = vec!["game", "import", file, "--black", black, "--white", white];
        args.extend(flags);
        let out = self.ok(&args);
        self.numbering
            .created(out.lines().next().unwrap_or("").trim())
    }

    fn numbering(&self) -> &Numbering {
        &self.numbering
    }

    /// Drops `raw` into `inbox/new` under a new name that sorts after the earlier ones.
    fn drop_mail(&self, raw: &[u8]) -> String {
        let n = self.dropped.get() + 1;
        self.dropped.set(n);
        let name = format!("{n:06}.pipeline.test");
        let tmp = self.path().join("inbox/tmp").join(&name);
        std::fs::write(&tmp, raw).unwrap();
        std::fs::rename(&tmp, self.path().join("inbox/new").join(&name)).unwrap();
        name
    }

    /// `pbmgo poll --now NOW`; returns its stdout (the summary line).
    fn poll_at(&self, now: &str) -> String {
        self.ok(&["poll", "--now", now])
    }

    /// `pbmgo tick --now NOW`; returns its stdout.
    fn tick_at(&self, now: &str) -> String {
        self.ok(&["tick", "--now", now])
    }

    fn show(&self, game: &str) -> Value {
        self.json(&["game", "show", game])
    }

    fn moves(&self, game: &str) -> Vec<Value> {
        array(self.json(&["game", "moves", game]))
    }

    /// The outbox rows, oldest first.
    fn outbox_rows(&self) -> Vec<Value> {
        let mut rows = array(self.json(&["outbox", "list"]));
        rows.reverse();
        rows
    }

    /// The handled messages, oldest first.
    fn messages(&self) -> Vec<Value> {
        let mut rows = array(self.json(&["message", "list", "--limit", "100000"]));
        rows.reverse();
        rows
    }

    /// Every queued reply, oldest first, read from the file transport's
    /// `outbox/<Message-ID>.eml` and parsed.
    fn sent(&self) -> Vec<OutMail> {
        self.outbox_rows()
            .into_iter()
            .map(|row| {
                let id = row["message_id"].as_str().unwrap().to_string();
                let file = self.path().join("outbox").join(format!("{id}.eml"));
                let raw =
                    std::fs::read(&file).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
                OutMail::parse(raw, row)
            })
            .collect()
    }

    fn db(&self) -> rusqlite::Connection {
        rusqlite::Connection::open(self.path().join("pbmgo.sqlite3")).unwrap()
    }

    fn verify(&self, game: Option<&str>) -> String {
        let mut args = vec!["game", "verify"];
        args.extend(game);
        self.ok(&args)
    }
}

fn check_ok(args: &[&str], out: &Output) {
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        out.status.success(),
        "{args:?} exited {:?}: {stderr}",
        out.status.code()
    );
    assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
}

fn array(v: Value) -> Vec<Value> {
    match v {
        Value::Array(items) => items,
        other => panic!("not an array: {other}"),
    }
}

/// One reply as queued: its outbox row and its parsed bytes.
pub struct OutMail {
    pub row: Value,
    /// The bytes as queued.
    pub raw: Vec<u8>,
    /// Every header as written, unfolded, in order.
    pub headers: Vec<(String, String)>,
    /// The decoded Subject.
    pub subject: String,
    /// The text/plain part, decoded, with `\n` line ends.
    pub text: String,
    pub html: Option<String>,
}

impl OutMail {
    pub fn parse(raw: Vec<u8>, row: Value) -> OutMail {
        let m = mail_parser::MessageParser::default()
            .parse(&raw)
            .expect("the reply parses");
        let subject = m.subject().unwrap_or("").to_string();
        let text = m
            .body_text(0)
            .map(|t| t.replace("\r\n", "\n"))
            .unwrap_or_default();
        let html = m
            .html_bodies()
            .find(|p| p.is_content_type("text", "html"))
            .and_then(|p| p.text_contents())
            .map(str::to_string);
        let headers = raw_headers(&raw);
        OutMail {
            row,
            raw,
            headers,
            subject,
            text,
            html,
        }
    }

    /// The first header called `name` (any case).
    pub fn header(&self, name: &str) -> Option<&str> {
        self.all(name).into_iter().next()
    }

    pub fn all(&self, name: &str) -> Vec<&str> {
        self.headers
            .iter()
            .filter(|(n, _)| n.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
            .collect()
    }

    /// The `X-Pbmgo-Rejected` codes, in order.
    pub fn rejected(&self) -> Vec<&str> {
        self.all("X-Pbmgo-Rejected")
    }

    pub fn recipient(&self) -> &str {
        self.row["recipient"].as_str().unwrap()
    }

    /// `reply`, `your-move` or `unknown-sender`.
    /// True for a transcript: the answer to a mail, `reply`, or in token
    /// mode `reply-open` when no token proved the mail the player's.
    pub fn is_transcript(&self) -> bool {
        matches!(self.kind(), "reply" | "reply-open")
    }

    pub fn kind(&self) -> &str {
        self.row["kind"].as_str().unwrap()
    }

    pub fn message_id(&self) -> &str {
        self.row["message_id"].as_str().unwrap()
    }

    /// The text with every line end a space, so a sentence can be found
    /// wherever the text part wrapped it.
    pub fn flat(&self) -> String {
        self.text.replace('\n', " ")
    }

    /// The transcript's commands and their results (`ok` or `rejected: ...`):
    /// from the list of them (`> CMD` then `ok` or `rejected: REASON`),
    /// else, for a mail of one refused command, from its news line
    /// (`Refused: CMD: REASON`). Wrapped lines are joined.
    pub fn results(&self) -> Vec<(String, String)> {
        let listed = self.listed_results();
        if !listed.is_empty() {
            return listed;
        }
        let first = self.text.split("\n\n").next().unwrap_or("");
        let first = first.trim().replace('\n', " ");
        let Some(rest) = first.strip_prefix("Refused: ") else {
            return Vec::new();
        };
        let rest = rest.trim_end_matches('.');
        match rest.split_once(": ") {
            Some((cmd, reason)) => vec![(cmd.to_string(), format!("rejected: {reason}"))],
            None => vec![(rest.to_string(), "rejected".to_string())],
        }
    }

    /// The `> CMD` / `ok` or `rejected: REASON` list of a transcript.
    fn listed_results(&self) -> Vec<(String, String)> {
        let mut out = Vec::new();
        for p in self.text.split("\n\n") {
            let mut lines = p.trim().lines();
            if let (Some(l), Some(next)) = (lines.next(), lines.next())
                && let Some(cmd) = l.strip_prefix("> ")
                && (next == "ok" || next.starts_with("rejected"))
            {
                let rest: Vec<&str> = std::iter::once(next).chain(lines).collect();
                out.push((cmd.to_string(), rest.join(" ")));
            }
        }
        out
    }
}

/// The header block of `raw`, unfolded: (name, value) in order.
fn raw_headers(raw: &[u8]) -> Vec<(String, String)> {
    let text = String::from_utf8_lossy(raw).replace("\r\n", "\n");
    let head = text.split("\n\n").next().unwrap_or("");
    let mut out: Vec<(String, String)> = Vec::new();
    for line in head.lines() {
        if line.starts_with([' ', '\t']) {
            if let Some(last) = out.last_mut() {
                last.1 = format!("{} {}", last.1, line.trim());
            }
        } else if let Some((name, value)) = line.split_once(':') {
            out.push((name.trim().to_string(), value.trim().to_string()));
        }
    }
    out
}

/// A player's mail, built header by header.
#[derive(Clone)]
pub struct MailBuilder {
    headers: Vec<(String, String)>,
    body: String,
}

static MAIL_SEQ: AtomicU32 = AtomicU32::new(0);

/// A plain-text mail from `from` to [`SERVER`] with a fresh Message-ID.
pub fn mail(from: &str, subject: &str, body: &str) -> MailBuilder {
    let n = MAIL_SEQ.fetch_add(1, Ordering::Relaxed);
    let id = format!("<test-{n}.{}@client.example>", std::process::id());
    MailBuilder {
        headers: vec![
            ("Return-Path".into(), format!("<{}>", bare(from))),
            ("From".into(), from.into()),
            ("To".into(), format!("pbmgo <{SERVER}>")),
            ("Subject".into(), subject.into()),
            ("Date".into(), "Sun, 22 Nov 2026 10:00:00 +0000".into()),
            ("Message-ID".into(), id),
            ("MIME-Version".into(), "1.0".into()),
            ("Content-Type".into(), "text/plain; charset=utf-8".into()),
        ],
        body: body.into(),
    }
}

fn bare(from: &str) -> &str {
    match (from.find('<'), from.find('>')) {
        (Some(a), Some(b)) if a < b => &from[a + 1..b],
        _ => from,
    }
}

impl MailBuilder {
    /// Sets (replaces) a header, or adds it.
    pub fn header(mut self, name: &str, value: &str) -> MailBuilder {
        match self
            .headers
            .iter_mut()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
        {
            Some(h) => h.1 = value.into(),
            None => self.headers.push((name.into(), value.into())),
        }
        self
    }

    pub fn without(mut self, name: &str) -> MailBuilder {
        self.headers.retain(|(n, _)| !n.eq_ignore_ascii_case(name));
        self
    }

    pub fn id(self, id: &str) -> MailBuilder {
        self.header("Message-ID", &format!("<{id}>"))
    }

    /// Makes it a reply to `id`.
    pub fn reply_to(self, id: &str) -> MailBuilder {
        let id = format!("<{}>", id.trim_matches(['<', '>']));
        self.header("In-Reply-To", &id).header("References", &id)
    }

    /// The mail with CRLF line ends.
    pub fn bytes(&self) -> Vec<u8> {
        let mut s = String::new();
        for (n, v) in &self.headers {
            s += &format!("{n}: {v}\r\n");
        }
        s += "\r\n";
        s += &self.body.replace("\r\n", "\n").replace('\n', "\r\n");
        s.into_bytes()
    }
}

/// A file of `tests/fixtures/inbound/`.
pub fn fixture(name: &str) -> Vec<u8> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/inbound")
        .join(name);
    std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The SGF record of a game on `size` with `moves` (`C3` or `pass`), Black first.
fn sgf(size: u32, moves: &[String]) -> String {
    let mut s = format!("(;GM[1]FF[4]SZ[{size}]KM[7.5]");
    for (i, m) in moves.iter().enumerate() {
        let color = if i % 2 == 0 { 'B' } else { 'W' };
        s += &format!(";{color}[{}]", sgf_point(size, m));
    }
    s + ")"
}

const COLUMNS: &str = "ABCDEFGHJKLMNOPQRSTUVWXYZ";

/// `C3` → (x, y) from the top-left corner.
fn xy(size: u32, point: &str) -> (u32, u32) {
    let col = point.chars().next().unwrap().to_ascii_uppercase();
    let x = COLUMNS
        .find(col)
        .unwrap_or_else(|| panic!("bad point {point}")) as u32;
    let row: u32 = point[1..].parse().unwrap();
    (x, size - row)
}

fn point_name(size: u32, x: u32, y: u32) -> String {
    format!("{}{}", COLUMNS.as_bytes()[x as usize] as char, size - y)
}

fn sgf_point(size: u32, point: &str) -> String {
    if point.eq_ignore_ascii_case("pass") {
        return String::new();
    }
    let (x, y) = xy(size, point);
    format!("{}{}", (b'a' + x as u8) as char, (b'a' + y as u8) as char)
}

/// `played` moves of [`scattered`] points, then the `last` ones; the
/// `keep_free` points and the neighbours of all these stay empty.
pub fn history(size: u32, played: usize, last: &[&str], keep_free: &[&str]) -> Vec<String> {
    let special: Vec<&str> = keep_free.iter().chain(last).copied().collect();
    let mut moves = scattered(size, played, &special);
    moves.extend(last.iter().map(|p| p.to_string()));
    moves
}

/// `n` points that can be played in turn without any capture: points with
/// x + y even (no two are neighbours), row by row from the top, leaving
/// each `special` point and its neighbours empty.
fn scattered(size: u32, n: usize, special: &[&str]) -> Vec<String> {
    let near: Vec<(u32, u32)> = special
        .iter()
        .filter(|p| !p.eq_ignore_ascii_case("pass"))
        .map(|p| xy(size, p))
        .collect();
    let free = |x: u32, y: u32| near.iter().all(|&(a, b)| a.abs_diff(x) + b.abs_diff(y) > 1);
    let points: Vec<String> = (0..size)
        .flat_map(|y| (0..size).map(move |x| (x, y)))
        .filter(|&(x, y)| (x + y) % 2 == 0 && free(x, y))
        .take(n)
        .map(|(x, y)| point_name(size, x, y))
        .collect();
    assert_eq!(
        points.len(),
        n,
        "not enough room on {size}x{size} for {n} moves"
    );
    points
}

/// Owned copies of (command, result) pairs, as [`OutMail::results`] gives them.
pub fn pairs(p: &[(&str, &str)]) -> Vec<(String, String)> {
    p.iter()
        .map(|(a, b)| (a.to_string(), b.to_string()))
        .collect()
}

/// The text of a transcript or board with `\r\n` made `\n` and trailing blanks cut.
pub fn tidy(text: &str) -> String {
    text.replace("\r\n", "\n")
        .lines()
        .map(str::trim_end)
        .collect::<Vec<_>>()
        .join("\n")
        .trim()
        .to_string()
}

/// Returns the counts a poll of one mail from a player prints.
pub fn one(applied: u32, rejected: u32, answered: u32, sent: u32) -> Counts {
    Counts {
        processed: 1,
        applied,
        rejected,
        answered,
        sent,
        ..Counts::default()
    }
}

/// The counts of a `poll` summary line.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Counts {
    pub processed: u32,
    pub applied: u32,
    pub rejected: u32,
    pub answered: u32,
    pub ignored: u32,
    pub quarantined: u32,
    pub sent: u32,
}

/// The counts of a poll: its summary line read, or its counts.
pub fn counts(polled: &(impl PollSummary + ?Sized)) -> Counts {
    polled.counts()
}

impl PollSummary for Counts {
    fn counts(&self) -> Counts {
        *self
    }
}

/// Reads "processed 1, applied 1, ..., sent 2".
impl<T: AsRef<str> + ?Sized> PollSummary for T {
    fn counts(&self) -> Counts {
        summary_counts(self.as_ref())
    }
}

/// Reads "processed 1, applied 1, ..., sent 2".
fn summary_counts(line: &str) -> Counts {
    let mut c = Counts::default();
    for part in line.trim().split(", ") {
        let (name, n) = part.split_once(' ').unwrap_or((part, ""));
        let n = n
            .parse()
            .unwrap_or_else(|_| panic!("not a poll summary: {line:?}"));
        *match name {
            "processed" => &mut c.processed,
            "applied" => &mut c.applied,
            "rejected" => &mut c.rejected,
            "answered" => &mut c.answered,
            "ignored" => &mut c.ignored,
            "quarantined" => &mut c.quarantined,
            "sent" => &mut c.sent,
            _ => panic!("not a poll summary: {line:?}"),
        } = n;
    }
    c
}

// Many games at once, for the `faults` tests: scripted games whose moves
// are all legal and capture-free, their mails, and checks of the end state.

/// A game created for a script: its id, its players and the moves to mail,
/// Black first. Players are `p0`, `p1`... at `pN@players.example`.
#[derive(Debug, Clone)]
pub struct Scripted {
    /// `game7`.
    pub id: String,
    /// The database id (7).
    pub number: i64,
    pub black: String,
    pub white: String,
    /// Points such as `C3`, Black first.
    pub moves: Vec<String>,
}

impl Scripted {
    /// The player to mail move `k` (0-based): Black for even `k`.
    pub fn mover(&self, k: usize) -> &str {
        if k.is_multiple_of(2) {
            &self.black
        } else {
            &self.white
        }
    }

    /// The Message-ID (without brackets) of move `k`'s mail; `tag` tells runs apart.
    pub fn message_id(&self, k: usize, tag: &str) -> String {
        format!("{tag}.{}.{k}@faults.example", self.id)
    }

    /// The mail of move `k`: `move gameN POINT` from its player, with [`Scripted::message_id`].
    pub fn mail(&self, k: usize, tag: &str) -> Vec<u8> {
        let from = address(self.mover(k));
        let body = format!("move {} {}", self.id, self.moves[k]);
        mail(&from, "move", &body)
            .id(&self.message_id(k, tag))
            .bytes()
    }
}

/// The address of a scripted player.
pub fn address(player: &str) -> String {
    format!("{player}@players.example")
}

impl PbmgoHome {
    /// Adds players `p0`..`p{players-1}` and `games` new 19x19 games between
    /// them (every player in several games, never against themselves), each
    /// scripted with `moves` points of a different stretch of a pattern in
    /// which no two stones touch, so that every move is legal and captures
    /// nothing in any order.
    pub fn scripted_games(&self, players: usize, games: usize, moves: usize) -> Vec<Scripted> {
        assert!(players >= 2);
        for p in 0..players {
            self.player(&format!("p{p}"), &address(&format!("p{p}")));
        }
        let pattern = scattered(19, 181, &[]);
        (0..games)
            .map(|k| {
                let black = format!("p{}", k % players);
                let white = format!("p{}", (k + 1 + (k / players) % (players - 1)) % players);
                let id = self.game_new(&black, &white, 19);
                let number = id.trim_start_matches("game").parse().unwrap();
                let start = k * 13;
                let moves = (0..moves)
                    .map(|i| pattern[(start + i) % pattern.len()].clone())
                    .collect();
                Scripted {
                    id,
                    number,
                    black,
                    white,
                    moves,
                }
            })
            .collect()
    }

    /// The binary on this home at [`NOW`], as a `std` command (to spawn and kill).
    pub fn spawn_cmd(&self, args: &[&str]) -> std::process::Command {
        command_on(&self.path(), args)
    }

    /// Asserts that each game holds exactly its scripted moves (the first
    /// `played(game)` of them), in order, each from its own mail (tagged
    /// `tag`), and that `game verify` passes for every game.
    pub fn assert_played(
        &self,
        games: &[Scripted],
        tag: &str,
        played: impl Fn(&Scripted) -> usize,
    ) {
        let db = self.db();
        let mut stmt = db
            .prepare(
                "SELECT number, color, point, source FROM moves WHERE game_id = ?1 ORDER BY number",
            )
            .unwrap();
        for g in games {
            let rows: Vec<(i64, String, String, String)> = stmt
                .query_map([g.number], |r| {
                    Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?))
                })
                .unwrap()
                .collect::<Result<_, _>>()
                .unwrap();
            let want: Vec<(i64, String, String, String)> = (0..played(g))
                .map(|k| {
                    let color = if k.is_multiple_of(2) {
                        "black"
                    } else {
                        "white"
                    };
                    (
                        k as i64 + 1,
                        color.into(),
                        g.moves[k].clone(),
                        g.message_id(k, tag),
                    )
                })
                .collect();
            assert_eq!(rows, want, "the moves of {}", g.id);
        }
        let out = self.cmd(&["game", "verify"]).output().unwrap();
        assert!(
            out.status.success(),
            "game verify: {}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
    }

    /// Asserts that every handled message queued its `per_message` replies,
    /// that each reply is marked sent, and that the file transport's folder
    /// holds exactly one `.eml` per reply, with the queued bytes. Returns
    /// the number of replies.
    pub fn assert_all_replies_sent(&self, per_message: i64) -> usize {
        let db = self.db();
        let unanswered: i64 = db
            .query_row(
                "SELECT count(*) FROM messages m LEFT JOIN
                   (SELECT inbound_id, count(*) AS n FROM outbox GROUP BY inbound_id) o
                   ON o.inbound_id = m.id WHERE coalesce(o.n, 0) != ?1",
                [per_message],
                |r| r.get(0),
            )
            .unwrap();
        assert_eq!(
            unanswered, 0,
            "messages without exactly {per_message} replies"
        );
        let mut stmt = db
            .prepare("SELECT id, message_id, status FROM outbox")
            .unwrap();
        let rows: Vec<(i64, String, String)> = stmt
            .query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))
            .unwrap()
            .collect::<Result<_, _>>()
            .unwrap();
        let mut want = std::collections::BTreeSet::new();
        for (row, id, status) in &rows {
            assert_eq!(status, "sent", "{id}");
            let raw =
                pbmgo::store::outbox::raw(&db, pbmgo::store::outbox::id_of(*row).unwrap()).unwrap();
            let name = eml_name(id);
            let file = self.path().join("outbox").join(&name);
            let got = std::fs::read(&file).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
            assert!(got == raw, "{name} differs from the queued reply");
            want.insert(name);
        }
        let have: std::collections::BTreeSet<String> = self
            .files("outbox")
            .into_iter()
            .filter(|n| n.ends_with(".eml"))
            .collect();
        assert_eq!(have, want, "the .eml files are the outbox rows");
        rows.len()
    }
}

/// `/dev/shm` when it can be used, else the temporary folder: a killed
/// process leaves the same files behind on any filesystem, and the fsyncs
/// of thousands of replies cost nothing on a tmpfs.
pub fn fast_tmp() -> PathBuf {
    let shm = Path::new("/dev/shm");
    match shm.is_dir() && tempfile::tempdir_in(shm).is_ok() {
        true => shm.to_path_buf(),
        false => std::env::temp_dir(),
    }
}

/// The binary on the home `home` at [`NOW`], as a `std` command; for
/// threads, which cannot share a [`PbmgoHome`].
pub fn command_on(home: &Path, args: &[&str]) -> std::process::Command {
    let mut c = std::process::Command::new(env!("CARGO_BIN_EXE_pbmgo"));
    c.arg("--home").arg(home).args(args);
    c.env("PBMGO_NOW", NOW)
        .env_remove("PBMGO_HOME")
        .env_remove("RUST_LOG")
        .env_remove("PBMGO_SMTP_PASSWORD");
    c
}

/// The file the file transport writes the mail `message_id` to (ids of the
/// safe characters only, as pbmgo's own are).
pub fn eml_name(message_id: &str) -> String {
    let safe = |c: char| c.is_ascii_alphanumeric() || "._@+=-".contains(c);
    assert!(
        message_id.chars().all(safe),
        "unexpected Message-ID {message_id}"
    );
    format!("{message_id}.eml")
}
