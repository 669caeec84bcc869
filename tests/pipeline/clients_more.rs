//! The other answered client fixtures of `tests/fixtures/inbound/`
//! (Thunderbird, NeoMutt, Sylpheed base64, Outlook plain text, K-9, Claws
//! with six commands, Roundcube with 25, a truncated MIME mail, an unknown
//! charset) through the pipeline (in-process, on the harness) on homes
//! whose players and games match: the commands that came out, the games
//! changed and the mails queued.

use crate::common::harness::Harness;
use crate::common::home::Home;
use crate::common::pbmgo_home;

use pbmgo_home::{history, one, pairs};

#[test]
fn thunderbird_bare_resign_in_a_thread() {
    let h = Harness::new();
    h.player("dmitri", "dmitri@example.de");
    h.player("greta", "greta@example.org");
    h.game_at(9, 9, &history(9, 9, &["E3"], &[]), "dmitri", "greta");
    // The transcript, which carries the end of the game (result, board,
    // SGF) to the player who resigned, and one mail with it to the other.
    assert_eq!(h.poll_fixture("thunderbird-plain.eml"), one(1, 0, 0, 2));
    let game = h.show("game9");
    assert_eq!(
        (&game["status"], &game["result"]),
        (&"finished".into(), &"W+R".into())
    );
    assert_eq!(h.moves("game9").len(), 10, "a resignation is not a move");
    let reply = h.transcript_to("dmitri@example.de");
    assert_eq!(reply.results(), pairs(&[("resign", "ok")]));
    let note = &h.sent_to("greta@example.org")[0];
    assert_eq!(h.sent_to("greta@example.org").len(), 1);
    assert_eq!(note.subject, "[game9] dmitri vs greta, 9x9");
    assert!(
        note.text
            .starts_with("You won game9: dmitri resigned (W+R); your rating is now 148 (+48).\n"),
        "{}",
        note.text
    );
    assert!(reply.text.contains("game9.sgf"), "{}", reply.text);
}

#[test]
fn mutt_games_and_board_stop_at_the_signature() {
    let h = Harness::new();
    h.player("dave", "dave@lists-free.example.net");
    h.player("erin", "erin@example.org");
    h.game_at(4, 9, &history(9, 5, &[], &[]), "erin", "dave");
    let before = h.show("game4");
    assert_eq!(h.poll_fixture("mutt-signature.eml"), one(0, 0, 1, 1));
    assert_eq!(h.show("game4"), before);
    let reply = h.transcript_to("dave@lists-free.example.net");
    // "move game4 tengen" below "-- " is not read: no bad-point.
    assert_eq!(
        reply.results(),
        pairs(&[("games", "ok"), ("board game4", "ok")])
    );
    assert!(reply.rejected().is_empty());
    assert!(
        reply.text.contains(
            "Your games:\n  game4    9x9 against erin, you play white: your turn, move 6"
        ),
        "{}",
        reply.text
    );
    assert!(
        reply
            .text
            .contains("game4: erin ? (Black, X) against dave ? (White, O)"),
        "{}",
        reply.text
    );
    assert_eq!(reply.subject, "Re: [game4] erin vs dave, 9x9");
}

#[test]
fn base64_signup_with_a_name_that_is_not_allowed() {
    let h = Harness::new();
    assert_eq!(h.poll_fixture("base64-utf8.eml"), one(0, 1, 0, 1));
    let reply = h.transcript_to("zoe@example.jp");
    assert_eq!(reply.rejected(), ["bad-name"]);
    let results = reply.results();
    assert_eq!(results[0].0, "signup Zoë");
    assert!(
        results[0]
            .1
            .starts_with("rejected: zoë cannot be a player name"),
        "{results:?}"
    );
    assert_eq!(reply.subject, "Re: Anmeldung – 囲碁");
    assert!(h.players().is_empty(), "no player is made");
}

#[test]
fn crlf_outlook_plain_text_show_and_pass() {
    let h = Harness::new();
    h.player("priya", "priya.n@fabrikam.example");
    h.player("hugo", "hugo@example.org");
    h.game_at(14, 9, &history(9, 16, &["A1"], &["C3"]), "hugo", "priya");
    assert_eq!(h.poll_fixture("crlf.eml"), one(1, 0, 0, 2));
    // The "move game14 c3" below the Outlook header block is not read.
    h.assert_moves("game14", 18, &[("black", "A1"), ("white", "pass")]);
    let reply = h.transcript_to("priya.n@fabrikam.example");
    assert_eq!(
        reply.results(),
        pairs(&[("show game14", "ok"), ("move game14 pass#18", "ok")])
    );
    assert!(
        reply.subject.starts_with("Re: [game14] "),
        "{}",
        reply.subject
    );
}

#[test]
fn subject_only_move() {
    let h = Harness::new();
    h.player("evan", "evan@example.org");
    h.player("ida", "ida@example.org");
    h.game_at(2, 9, &[], "evan", "ida");
    assert_eq!(h.poll_fixture("subject-only.eml"), one(1, 0, 0, 2));
    h.assert_moves("game2", 1, &[("black", "C3")]);
    let reply = h.transcript_to("evan@example.org");
    assert_eq!(reply.results(), pairs(&[("move game2 C3", "ok")]));
    assert_eq!(reply.subject, "Re: [game2] evan vs ida, 9x9");
}

#[test]
fn multiple_commands_in_several_games() {
    let h = Harness::new();
    h.player("gus", "gus@example.com");
    h.player("hal", "hal@example.org");
    h.game_at(3, 9, &[], "gus", "hal");
    h.game_at(4, 19, &history(19, 7, &[], &["D17"]), "hal", "gus");
    h.game_at(5, 9, &[], "hal", "gus");
    h.game_at(6, 9, &[], "gus", "hal");
    // The transcript (with the end of game5) and one mail to hal with the
    // news of game3, game4 and game5.
    assert_eq!(h.poll_fixture("multiple-commands.eml"), one(1, 0, 0, 2));
    h.assert_moves("game3", 1, &[("black", "C3")]);
    h.assert_moves("game4", 8, &[("white", "D17")]);
    assert_eq!(h.show("game5")["result"], "B+R");
    assert!(h.moves("game6").is_empty());
    let reply = h.transcript_to("gus@example.com");
    assert_eq!(reply.rejected(), ["bad-point"]);
    let results: Vec<String> = reply
        .results()
        .into_iter()
        .map(|(c, r)| format!("{c} => {}", &r[..r.len().min(9)]))
        .collect();
    assert_eq!(
        results,
        [
            "games => ok",
            "board game3 => ok",
            "move game3 c3 => ok",
            "MOVE Game4 d17 #8 => ok",
            "play game6 z99 => rejected:",
            "resign game5 => ok"
        ]
    );
    let notes = h.sent_to("hal@example.org");
    assert_eq!(notes.len(), 1);
    assert_eq!(notes[0].subject, "News in game3, game4 and game5");
    assert_eq!(notes[0].header("X-Pbmgo-Game"), None);
    let text = &notes[0].text;
    assert!(
        text.starts_with("News in game3, game4 and game5.\n"),
        "{text}"
    );
    for news in [
        "gus played C3 in game3: your move",
        "gus played D17 in game4: your move",
        "You won game5: gus resigned (B+R)",
    ] {
        assert!(text.contains(news), "{news}: {text}");
    }
    assert_eq!(text.matches("game5.sgf").count(), 1, "{text}");
}

#[test]
fn too_many_commands_for_a_simul() {
    let h = Harness::with_config("[limits]\nmax_replies_per_hour = 100\n");
    h.player("hana", "hana@example.org");
    h.player("kai", "kai@example.org");
    h.games_before(101);
    for id in 101..=120 {
        assert_eq!(h.game_new("hana", "kai", 19), format!("game{id}"));
    }
    // The transcript and one mail to kai with the news of the 20 games.
    assert_eq!(h.poll_fixture("too-many-commands.eml"), one(1, 0, 0, 2));
    let points = [
        "A1", "B2", "C3", "D4", "E5", "F6", "G7", "H8", "J9", "K10", "L11", "M12", "N13", "O14",
        "P15", "Q16", "R17", "S18", "T19", "A1",
    ];
    for (i, p) in points.iter().enumerate() {
        h.assert_moves(&format!("game{}", 101 + i), 1, &[("black", p)]);
    }
    let reply = h.transcript_to("hana@example.org");
    assert_eq!(reply.rejected(), ["too-many-commands"]);
    assert_eq!(reply.results().len(), 20);
    let rest = reply
        .text
        .split("please send these again:")
        .nth(1)
        .expect("a not-processed list");
    let again: Vec<&str> = rest.lines().filter_map(|l| l.strip_prefix("> ")).collect();
    assert_eq!(
        again,
        [
            "move game121 b2",
            "move game122 c3",
            "move game123 d4",
            "move game124 e5",
            "move game125 f6"
        ]
    );
    let to_kai = h.sent_to("kai@example.org");
    assert_eq!(to_kai.len(), 1);
    for (id, point) in (101..=120).zip(points) {
        let news = format!("hana played {point} in game{id}: your move");
        assert!(to_kai[0].text.contains(&news), "{news}: {}", to_kai[0].text);
    }
}

#[test]
fn truncated_mime_still_reads_the_text_part() {
    let h = Harness::new();
    h.player("jo", "jo@example.org");
    h.player("lena", "lena@example.org");
    h.game_at(30, 19, &history(19, 60, &[], &["K10"]), "jo", "lena");
    assert_eq!(h.poll_fixture("truncated-mime.eml"), one(1, 0, 0, 2));
    h.assert_moves("game30", 61, &[("black", "K10")]);
    let reply = h.transcript_to("jo@example.org");
    assert_eq!(reply.results(), pairs(&[("k10 #61", "ok")]));
}

#[test]
fn unknown_charset_subject_and_body_commands() {
    let h = Harness::new();
    h.player("kim", "kim@example.org");
    h.player("max", "max@example.org");
    h.game_at(40, 19, &[], "kim", "max");
    assert_eq!(h.poll_fixture("unknown-charset.eml"), one(1, 0, 0, 2));
    h.assert_moves("game40", 1, &[("black", "T19")]);
    let reply = h.transcript_to("kim@example.org");
    assert_eq!(
        reply.results(),
        pairs(&[("board game40", "ok"), ("move game40 t19", "ok")])
    );
    let note = &h.sent_to("max@example.org")[0];
    assert!(
        note.text.contains("> Caf\u{FFFD} break after this move."),
        "{}",
        note.text
    );
}

#[test]
fn a_refused_signup_still_answers_help() {
    let h = Harness::new();
    h.poll_fixture("base64-utf8.eml");
    let reply = h.transcript_to("zoe@example.jp");
    let commands: Vec<String> = reply.results().into_iter().map(|(c, _)| c).collect();
    assert_eq!(commands, ["signup Zoë", "help"], "{}", reply.text);
    assert!(reply.text.contains("signup NAME"), "{}", reply.text);
}

/// A reply whose Subject lost the game's tag (a client that writes its own
/// Subject) still plays a bare point in the game its `In-Reply-To` names.
#[test]
fn a_bare_point_in_a_reply_without_the_tag_plays_in_the_answered_game() {
    use crate::common::clock_mail::{ALICE, BOB, send};
    let h = crate::common::clock_mail::harness();
    h.game_new("alice", "bob", 9);
    send(&h, ALICE, "move game1 c3", 0.1);
    let note = h.sent_to(BOB).pop().unwrap();
    let m = crate::common::pbmgo_home::mail(BOB, "my answer", "d4\nYour turn!")
        .reply_to(note.message_id());
    h.drop_mail(&m.bytes());
    h.poll_at(&crate::common::clock_mail::at(0.2));
    h.assert_moves("game1", 2, &[("white", "D4")]);
}
