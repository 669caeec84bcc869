//! Reply templates: a snapshot of each (so wording changes show in
//! review), line widths, escaping, admin overrides and strictness.

use std::fs;

use serde_json::json;

use pbmgo::mail::templates::{
    BoardCtx, HelpCtx, TemplateError, Templates, UnknownSenderCtx, YourMoveCtx,
};

use pbmgo::mail::alternative;

use super::{BOARD, board_ctx, transcript_ctx};
use crate::common::html_check;

/// A file snapshot in `tests/mail/snapshots/`, beside `outbound.rs`'s.
macro_rules! snapshot {
    ($name:expr, $text:expr) => {
        insta::with_settings!({ snapshot_path => "../snapshots" }, {
            insta::assert_snapshot!($name, $text);
        })
    };
}

fn your_move_ctx() -> YourMoveCtx {
    YourMoveCtx {
        game: "game42".into(),
        opponent: "alice".into(),
        opponent_color: "Black".into(),
        move_text: "C3".into(),
        move_number: 3,
        next_move_number: 4,
        comment: vec!["Nice start!".into(), "Your turn.".into()],
        board: BoardCtx {
            to_move: "White (bob)".into(),
            last_move: Some("C3".into()),
            ..board_ctx()
        },
        example_command: "move game42 POINT#4".into(),
        captured: vec!["D4".into()],
        deadline: Some("2026-11-30 10:42 UTC".into()),
        time_left: Some("6 days 23 hours left".into()),
        conditional: None,
        waiting: None,
        undo_closed: None,
    }
}

fn help_ctx() -> HelpCtx {
    HelpCtx {
        server_name: "pbmgo".into(),
        server_address: "pbmgo@example.org".into(),
        intro: Some("Your mail had no command.".into()),
        token_mode: false,
    }
}

fn unknown_ctx() -> UnknownSenderCtx {
    UnknownSenderCtx {
        server_name: "pbmgo".into(),
        server_address: "pbmgo@example.org".into(),
        address: "stranger@example.com".into(),
    }
}

fn finished_board() -> BoardCtx {
    BoardCtx {
        result: Some("B+R".into()),
        status: "finished".into(),
        phase: "finished".into(),
        clock: None,
        ko: None,
        last_move: None,
        ..board_ctx()
    }
}

/// The templates without a board, each with a pinned context (their
/// contexts are the pipeline's own, so they are written out here).
fn boardless() -> Vec<(&'static str, serde_json::Value)> {
    let words = json!(["Good luck!", "I'll be travelling, so slow replies."]);
    let server = json!({"server_name": "Goban by Post", "server_address": "go@example.org"});
    vec![
        (
            "players.txt",
            json!({"server_name": "Goban by Post", "example": "bob", "near": false,
                   "mine": "3k (1812)", "lines": [
                "bob            3k   1812   1 2026-11-22",
                "alice           ?    100   1 2026-11-21",
            ]}),
        ),
        ("words.txt", json!({"from": "alice", "lines": words})),
        (
            "words-letter.txt",
            json!({"from": "alice", "game": "game42", "lines": words, "challenge": false}),
        ),
        (
            "no-command.txt",
            json!({"words": words, "sent_to": null, "game": null,
                   "nowhere": "this mail answers no game", "challenge": false, "open": false}),
        ),
        ("join.txt", server.clone()),
        (
            "signup-confirm.txt",
            json!({"server_name": "Goban by Post", "name": "carol",
                   "address": "carol@example.net", "expires": "2026-11-24 10:00 UTC"}),
        ),
        (
            "address-confirm.txt",
            json!({"server_name": "Goban by Post", "name": "carol",
                   "address": "carol@example.com", "expires": "2026-11-24 10:00 UTC"}),
        ),
        (
            "welcome.txt",
            json!({"server_name": "Goban by Post", "server_address": "go@example.org",
                   "name": "carol", "token_mode": false}),
        ),
    ]
}

/// Templates whose snapshots (and line checks) are in the test files of
/// their commands: `lifecycle_mails.rs`, the personal commands' and
/// `tick`'s.
const SNAPSHOTTED_ELSEWHERE: &[&str] = &[
    "challenge.txt",
    "challenge-closed.txt",
    "game-letter.txt",
    "game-over.txt",
    "sgf.txt",
    "undo-request.txt",
    "undo-done.txt",
    "say.txt",
    "standings.txt",
    "clock-reminder.txt",
    "clock-warning.txt",
    "clock-period.txt",
    "digest.txt",
];

/// Every template rendered with its pinned context.
fn rendered() -> Vec<(&'static str, String)> {
    let t = Templates::new(None).unwrap();
    let mut out = vec![
        (
            "reply-transcript.txt",
            t.render("reply-transcript.txt", &transcript_ctx()).unwrap(),
        ),
        (
            "your-move.txt",
            t.render("your-move.txt", &your_move_ctx()).unwrap(),
        ),
        ("board.txt", t.render("board.txt", &board_ctx()).unwrap()),
        ("help.txt", t.render("help.txt", &help_ctx()).unwrap()),
        (
            "unknown-sender.txt",
            t.render("unknown-sender.txt", &unknown_ctx()).unwrap(),
        ),
    ];
    for (name, ctx) in boardless() {
        out.push((name, t.render(name, &ctx).unwrap()));
    }
    let mut names: Vec<&str> = out.iter().map(|(n, _)| *n).collect();
    names.extend(SNAPSHOTTED_ELSEWHERE);
    names.sort_unstable();
    let mut all = Templates::names().to_vec();
    all.sort_unstable();
    assert_eq!(names, all, "a template has no snapshot");
    out.push((
        "board-finished.txt",
        t.render("board.txt", &finished_board()).unwrap(),
    ));
    out
}

#[test]
fn snapshots_of_every_template() {
    for (name, text) in rendered() {
        let html = checked_html(&text);
        snapshot!(name, text);
        snapshot!(name.replace(".txt", ".html"), html);
    }
}

/// The HTML part a mail with `text` gets, after checking it.
pub fn checked_html(text: &str) -> String {
    let html = alternative::html(text, "[game42] alice vs bob, 9x9");
    let problems = html_check::problems(&html);
    assert!(problems.is_empty(), "{problems:#?}\n{html}");
    html
}

#[test]
fn snapshots_of_the_variants() {
    let t = Templates::new(None).unwrap();
    let mut ctx = your_move_ctx();
    ctx.move_text = "pass".into();
    ctx.captured.clear();
    ctx.board.last_move = Some("pass".into());
    ctx.board.ko = None;
    ctx.comment.clear();
    snapshot!(
        "your-move-pass.txt",
        t.render("your-move.txt", &ctx).unwrap()
    );
    let mut ctx = your_move_ctx();
    ctx.move_text = "resign".into();
    ctx.captured.clear();
    ctx.board.result = Some("W+R".into());
    ctx.board.status = "finished".into();
    ctx.board.phase = "finished".into();
    (ctx.board.clock, ctx.board.ko, ctx.deadline) = (None, None, None);
    snapshot!(
        "your-move-resigned.txt",
        t.render("your-move.txt", &ctx).unwrap()
    );
    let mut ctx = your_move_ctx();
    ctx.move_text = "pass".into();
    ctx.captured.clear();
    ctx.board.status = "scoring (both players passed)".into();
    ctx.board.phase = "scoring".into();
    (ctx.board.clock, ctx.board.ko, ctx.deadline) = (None, None, None);
    let text = t.render("your-move.txt", &ctx).unwrap();
    assert!(text.contains("Both players have passed"), "{text}");
    assert!(!text.contains("It is your turn"), "{text}");
    assert!(!text.contains("to play"), "{text}");
    assert!(text.contains("Status: scoring (both players passed), after move 3.\n"));
    let html = checked_html(&text);
    assert!(html.contains("<p>Both players have passed"), "{html}");
    let mut ctx = transcript_ctx();
    ctx.not_processed.clear();
    ctx.boards.clear();
    ctx.help_hint = false;
    ctx.lines.truncate(1);
    snapshot!(
        "reply-transcript-short.txt",
        t.render("reply-transcript.txt", &ctx).unwrap()
    );
    let help = HelpCtx {
        intro: None,
        ..help_ctx()
    };
    let text = t.render("help.txt", &help).unwrap();
    assert!(text.starts_with("pbmgo plays"), "{text}");
    assert!(!text.contains("must be a reply"), "{text}");
    let tokens = HelpCtx {
        token_mode: true,
        ..help_ctx()
    };
    let text = t.render("help.txt", &tokens).unwrap();
    assert!(text.contains("a game command must be a reply"), "{text}");
    let sent = json!({"words": ["Good luck!"], "sent_to": "bob", "game": "game42",
                      "nowhere": null, "challenge": false, "open": false});
    snapshot!(
        "no-command-sent.txt",
        t.render("no-command.txt", &sent).unwrap()
    );
    let empty = json!({"words": [], "sent_to": null, "game": null, "nowhere": null,
                       "challenge": false, "open": false});
    snapshot!(
        "no-command-empty.txt",
        t.render("no-command.txt", &empty).unwrap()
    );
    let declined = json!({"words": ["Sorry, no time this month."], "sent_to": "alice",
                          "game": "game42", "nowhere": null, "challenge": true, "open": true});
    snapshot!(
        "no-command-challenge.txt",
        t.render("no-command.txt", &declined).unwrap()
    );
    let about = json!({"from": "bob", "game": "game42", "challenge": true,
                       "lines": ["Sorry, no time this month."]});
    snapshot!(
        "words-letter-challenge.txt",
        t.render("words-letter.txt", &about).unwrap()
    );
    let alone = json!({"server_name": "Goban by Post", "example": null, "lines": [],
                       "near": false, "mine": "?"});
    snapshot!(
        "players-alone.txt",
        t.render("players.txt", &alone).unwrap()
    );
    let near = json!({"server_name": "Goban by Post", "example": "bob", "near": true,
                      "mine": "3k (1812)", "lines": [
        "bob            2k   1905   1 2026-11-22\n    time zone Europe/Berlin",
    ]});
    snapshot!("players-near.txt", t.render("players.txt", &near).unwrap());
    let nobody = json!({"server_name": "Goban by Post", "example": null, "near": true,
                        "mine": "3k (1812)", "lines": []});
    snapshot!(
        "players-near-nobody.txt",
        t.render("players.txt", &nobody).unwrap()
    );
}

#[test]
fn lines_stay_under_78_columns_except_the_board() {
    let board: Vec<&str> = BOARD.lines().collect();
    for (name, text) in rendered() {
        for line in text.lines().filter(|l| !board.contains(l)) {
            assert!(line.chars().count() < 78, "{name}: {line:?} is too long");
        }
    }
}

#[test]
fn the_board_is_copied_verbatim() {
    for (name, text) in rendered() {
        let boardless = boardless().iter().any(|(n, _)| *n == name);
        if name.starts_with("help") || name.starts_with("unknown") || boardless {
            continue;
        }
        assert!(text.contains(BOARD), "{name}:\n{text}");
        let html = checked_html(&text);
        let pre = format!(
            "<pre class=\"board\">{}</pre>",
            alternative::escape(BOARD.trim_end())
        );
        assert!(html.contains(&pre), "{name}:\n{html}");
    }
}

#[test]
fn player_text_is_escaped_in_html_only() {
    let t = Templates::new(None).unwrap();
    let mut ctx = your_move_ctx();
    ctx.opponent = "<b>eve</b> & co".into();
    ctx.comment = vec!["<script>alert(1)</script>".into()];
    let text = t.render("your-move.txt", &ctx).unwrap();
    let html = checked_html(&text);
    assert!(html.contains("&lt;b&gt;eve&lt;/b&gt; &amp; co"), "{html}");
    assert!(!html.contains("<script>"));
    assert!(text.contains("<b>eve</b> & co") && text.contains("> <script>alert(1)</script>"));
}

#[test]
fn an_override_file_replaces_one_template() {
    let dir = tempfile::tempdir().unwrap();
    fs::write(
        dir.path().join("help.txt"),
        "Ask {{ server_name }} at {{ server_address }}.\n",
    )
    .unwrap();
    fs::write(dir.path().join("unrelated.txt"), "{% if %}").unwrap();
    let custom = Templates::new(Some(dir.path())).unwrap();
    let stock = Templates::new(None).unwrap();
    assert_eq!(
        custom.render("help.txt", &help_ctx()).unwrap(),
        "Ask pbmgo at pbmgo@example.org.\n"
    );
    assert_eq!(
        custom.render("unknown-sender.txt", &unknown_ctx()).unwrap(),
        stock.render("unknown-sender.txt", &unknown_ctx()).unwrap()
    );
    let missing = dir.path().join("no-such-folder");
    assert!(Templates::new(Some(&missing)).is_ok());
}

#[test]
fn an_overridden_board_changes_every_mail_with_a_board() {
    let dir = tempfile::tempdir().unwrap();
    fs::write(dir.path().join("board.txt"), "[{{ game }}]\n{{ board }}").unwrap();
    let t = Templates::new(Some(dir.path())).unwrap();
    let text = t.render("your-move.txt", &your_move_ctx()).unwrap();
    assert!(text.contains(&format!("[game42]\n{BOARD}")), "{text}");
}

#[test]
fn undefined_variables_are_errors() {
    let dir = tempfile::tempdir().unwrap();
    fs::write(dir.path().join("help.txt"), "Hello {{ nobody }}\n").unwrap();
    let t = Templates::new(Some(dir.path())).unwrap();
    let err = t.render("help.txt", &help_ctx()).unwrap_err();
    assert!(matches!(err, TemplateError::Render { .. }), "{err:?}");
    // A context of the wrong type is caught the same way.
    let stock = Templates::new(None).unwrap();
    let err = stock.render("your-move.txt", &help_ctx()).unwrap_err();
    assert!(matches!(err, TemplateError::Render { .. }), "{err:?}");
}

#[test]
fn a_broken_override_fails_at_start_up() {
    let dir = tempfile::tempdir().unwrap();
    fs::write(dir.path().join("board.txt"), "{% if %}").unwrap();
    let err = Templates::new(Some(dir.path())).unwrap_err();
    assert!(
        matches!(
            err,
            TemplateError::Syntax {
                name: "board.txt",
                ..
            }
        ),
        "{err:?}"
    );
}
