//! `pbmgo poll` sending its replies by SMTP (`tls = "none"`) to a local
//! sink: every reply arrives through a real SMTP conversation with the
//! bytes stored in the outbox, the right envelope, the headers players and
//! their clients rely on, and the board intact; a refused or unreachable
//! server keeps the replies for a later `pbmgo send`, and the moves stand.

use crate::common::smtp_sink;

use crate::common::home::Home;
use crate::common::pbmgo_home;

use pbmgo_home::{OutMail, PbmgoHome, SERVER, counts, mail};
use serde_json::{Value, json};
use smtp_sink::{Received, SmtpSink, Stage};

fn smtp_config(port: u16) -> String {
    format!(
        "[outbound]\ntransport = \"smtp\"\n\n[outbound.smtp]\nhost = \"127.0.0.1\"\nport = {port}\ntls = \"none\"\n"
    )
}

fn home(port: u16) -> PbmgoHome {
    let h = PbmgoHome::with_config(&smtp_config(port));
    h.player("alice", "Alice <alice@example.org>");
    h.player("bob", "bob@example.org");
    h.game_at(1, 9, &[], "alice", "bob");
    h
}

/// The raw bytes stored for outbox row `message_id`.
fn stored(h: &PbmgoHome, message_id: &str) -> Vec<u8> {
    let db = h.db();
    let id: i64 = db
        .query_row(
            "SELECT id FROM outbox WHERE message_id = ?1",
            [message_id],
            |r| r.get(0),
        )
        .unwrap();
    pbmgo::store::outbox::raw(&db, pbmgo::store::outbox::id_of(id).unwrap()).unwrap()
}

/// The received mail with this Message-ID, parsed like a stored reply.
fn find<'a>(received: &'a [Received], row: &Value) -> (&'a Received, OutMail) {
    let id = format!("Message-ID: <{}>", row["message_id"].as_str().unwrap());
    let m = received
        .iter()
        .find(|m| String::from_utf8_lossy(&m.data).contains(&id))
        .expect("delivered");
    (m, OutMail::parse(m.data.clone(), row.clone()))
}

/// The board rows of a mail's text (top row first, `+` read as `.`).
fn board_rows(text: &str) -> Vec<String> {
    text.lines()
        .filter(|l| l.len() > 4 && l[..3].trim().parse::<u32>().is_ok())
        .map(|l| {
            l.as_bytes()
                .iter()
                .skip(4)
                .step_by(2)
                .take(9)
                .map(|&b| if b == b'+' { '.' } else { b as char })
                .collect()
        })
        .collect()
}

#[test]
fn replies_arrive_intact_by_smtp() {
    let sink = SmtpSink::start();
    let h = home(sink.port());
    h.drop_mail(
        &mail(
            "Alice <alice@example.org>",
            "my move",
            "move game1 e5\nYour turn, Bob.",
        )
        .id("smtp-1@example.org")
        .bytes(),
    );
    let bob =
        mail("bob@example.org", "moves", "move game1 e5\nmove game1 c3").id("smtp-2@example.org");
    h.drop_mail(&bob.reply_to("elsewhere-7@example.org").bytes());
    assert_eq!(counts(&h.poll()).sent, 4);

    let rows = h.outbox_rows();
    let received = sink.received();
    assert_eq!(rows.len(), 4);
    assert_eq!(received.len(), 4, "each reply sent once");
    for row in &rows {
        assert_eq!(
            (&row["status"], &row["attempts"]),
            (&json!("sent"), &json!(1)),
            "{row}"
        );
        let (m, parsed) = find(&received, row);
        let raw = stored(&h, parsed.message_id());
        // lettre ends the DATA with CRLF . CRLF, so a CRLF may follow the stored bytes.
        let data = m
            .data
            .strip_suffix(b"\r\n")
            .filter(|d| d == &raw.as_slice())
            .unwrap_or(&m.data);
        assert_eq!(
            String::from_utf8_lossy(data),
            String::from_utf8_lossy(&raw),
            "the stored bytes"
        );
        // The VERP envelope sender: bounces come back naming the outbox row.
        let id = m
            .from
            .strip_prefix("games+bounce-")
            .and_then(|rest| rest.strip_suffix("@pbmgo.example"));
        assert!(
            id.is_some_and(|id| id.len() == 16),
            "envelope sender {}",
            m.from
        );
        assert_eq!(
            m.to,
            [row["recipient"].as_str().unwrap()],
            "envelope recipient"
        );
        assert_eq!(
            parsed.header("To").map(|t| t.contains(&m.to[0])),
            Some(true)
        );
        // A transcript answers its reader's mail; a mail about another
        // player's move is generated for its reader.
        let auto = match row["kind"].as_str() {
            Some("reply") => "auto-replied",
            _ => "auto-generated",
        };
        assert_eq!(parsed.header("Auto-Submitted"), Some(auto));
        assert!(
            parsed
                .header("Message-ID")
                .unwrap()
                .ends_with("@pbmgo.example>")
        );
        let subject = parsed.subject.trim_start_matches("Re: ");
        assert_eq!(subject, "[game1] alice vs bob, 9x9");
        assert_eq!(parsed.header("X-Pbmgo-Game"), Some("game1"));
        assert!(parsed.header("From").unwrap().contains(SERVER));
        let html = parsed.html.as_deref().expect("an HTML part");
        let board = html.contains("<pre class=\"board\"") || html.contains("<img src=\"cid:");
        assert!(board, "the board, as text or as its picture: {html}");
    }
    // Each mail's opponent mail first: the first roots the game's thread.
    let (bob_note, alice_reply, alice_note, bob_reply) = (&rows[0], &rows[1], &rows[2], &rows[3]);
    let get = |row: &Value| find(&received, row).1;
    let root_id = get(bob_note)
        .header("In-Reply-To")
        .expect("threaded under the game's root")
        .trim_matches(['<', '>'])
        .to_string();

    let r = get(alice_reply);
    assert_eq!(r.header("In-Reply-To"), Some("<smtp-1@example.org>"));
    let refs = format!("<{root_id}> <smtp-1@example.org>");
    assert_eq!(r.header("References"), Some(refs.as_str()));
    assert!(r.rejected().is_empty());
    let r = get(bob_reply);
    assert_eq!(r.header("In-Reply-To"), Some("<smtp-2@example.org>"));
    let refs = format!("<{root_id}> <elsewhere-7@example.org> <smtp-2@example.org>");
    assert_eq!(r.header("References"), Some(refs.as_str()));
    assert_eq!(r.rejected(), ["occupied"]);
    assert_eq!(r.results().len(), 2);

    // The "your move" mails: one thread under the game's root.
    let first = get(bob_note);
    let root = format!("<{root_id}>");
    assert_eq!(first.header("In-Reply-To"), Some(root.as_str()));
    assert!(first.text.contains("> Your turn, Bob."), "{}", first.text);
    let second = get(alice_note);
    assert_eq!(second.header("In-Reply-To"), Some(root.as_str()));
    assert_eq!(second.header("References"), Some(root.as_str()));
    assert!(second.subject.starts_with("[game1] "), "{}", second.subject);
    assert_eq!(
        second.text.lines().next(),
        Some("bob played C3 in game1: your move, due 2026-11-29 12:00 UTC.")
    );

    // The board as drawn in the last mail is the stored board.
    let board: Vec<String> = serde_json::from_value(h.show("game1")["board"].clone()).unwrap();
    assert_eq!(board_rows(&second.text), board, "{}", second.text);
    assert!(
        second.text.contains(" 5  . . . . X . . . .  5")
            && second.text.contains(" 3  . .(O). . . + . .  3"),
        "{}",
        second.text
    );
}

#[test]
fn a_refusing_server_keeps_the_replies_for_later() {
    let sink = SmtpSink::start();
    sink.refuse(Stage::Rcpt, 451);
    let h = home(sink.port());
    h.drop_mail(&mail("alice@example.org", "my move", "move game1 e5").bytes());
    let got = counts(&h.poll());
    assert_eq!((got.applied, got.sent), (1, 0), "{got:?}");
    assert_eq!(h.moves("game1").len(), 1, "the move stands");
    let rows = h.outbox_rows();
    assert_eq!(rows.len(), 2);
    for row in &rows {
        assert_eq!(row["status"], "pending", "{row}");
        assert!(row["last_error"].as_str().unwrap().contains("451"), "{row}");
    }

    // Another server, reachable, later: each reply is sent once.
    let good = SmtpSink::start();
    std::fs::write(
        h.path().join("pbmgo.toml"),
        format!(
            "[server]\naddress = \"{SERVER}\"\n{}",
            smtp_config(good.port())
        ),
    )
    .unwrap();
    let out = h.ok_at(&["send"], "2026-11-22T13:00:00Z");
    assert_eq!(out, "Sent 2, to retry 0, failed 0.\n");
    let received = good.received();
    assert_eq!(received.len(), 2);
    for row in &h.outbox_rows() {
        assert_eq!(row["status"], "sent");
        let (m, _) = find(&received, row);
        assert!(
            m.data
                .starts_with(&stored(&h, row["message_id"].as_str().unwrap())[..20])
        );
    }
    h.ok_at(&["send"], "2026-11-22T14:00:00Z");
    assert_eq!(good.received().len(), 2, "nothing sent twice");
}

#[test]
fn an_unreachable_server_does_not_stop_the_poll() {
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let h = home(port); // nothing listens there any more
    h.drop_mail(&mail("alice@example.org", "my move", "move game1 e5").bytes());
    let got = counts(&h.poll());
    assert_eq!((got.processed, got.applied, got.sent), (1, 1, 0));
    assert!(h.outbox_rows().iter().all(|r| r["status"] == "pending"));
    assert!(h.files("inbox/new").is_empty());
}

#[test]
fn a_reply_in_a_game_thread_has_a_subject_starting_with_the_game() {
    let sink = SmtpSink::start();
    let h = home(sink.port());
    let thread = "Re: [game1] Your move: bob played C3 (move 2)";
    h.drop_mail(&mail("alice@example.org", thread, "e5").bytes());
    assert_eq!(counts(&h.poll()).applied, 1);
    let row = h
        .outbox_rows()
        .into_iter()
        .find(|r| r["kind"] == "reply")
        .unwrap();
    let reply = OutMail::parse(stored(&h, row["message_id"].as_str().unwrap()), row);
    assert!(
        reply.subject.starts_with("Re: [game1] "),
        "{}",
        reply.subject
    );
}

#[test]
fn player_text_adds_no_header_and_no_markup() {
    let sink = SmtpSink::start();
    let h = home(sink.port());
    let raw = mail(
        "alice@example.org",
        "=?utf-8?q?hi=0D=0ABcc:_evil@example.net?=",
        "move game1 e5\n<b>bold</b> & <script>x</script>",
    )
    .header(
        "References",
        "<a@example.org>\r\n =?utf-8?q?=0D=0ABcc:_evil2@example.net?=",
    )
    .bytes();
    h.drop_mail(&raw);
    assert_eq!(counts(&h.poll()).sent, 2);
    for m in sink.received() {
        assert_eq!(m.to.len(), 1, "{:?}", m.to);
        let text = String::from_utf8_lossy(&m.data).replace("\r\n", "\n");
        let head = text.split("\n\n").next().unwrap();
        assert!(
            !head
                .lines()
                .any(|l| l.to_ascii_lowercase().starts_with("bcc")),
            "{head}"
        );
        let html = OutMail::parse(m.data.clone(), json!({})).html.unwrap();
        assert!(
            !html.contains("<script>") && !html.contains("<b>"),
            "{html}"
        );
        if m.to[0] == "bob@example.org" {
            assert!(
                html.contains("&lt;script&gt;x&lt;"),
                "the comment, escaped: {html}"
            );
        }
    }
}
