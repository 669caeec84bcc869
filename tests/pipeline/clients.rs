//! The main client fixtures of `tests/fixtures/inbound/` (Gmail, Outlook
//! HTML-only, Apple Mail, ISO-8859-1 Thunderbird, a Fastmail thread reply)
//! through the pipeline (in-process, on the harness), each on a home whose
//! players and games are what the mail expects (`game12` with 41 moves
//! played for Gmail's `q16 #42`, ...): the commands that came out
//! (transcript lines, the move list), the mails queued, and the transcript
//! text as an inline snapshot. The other answered fixtures are in
//! `clients_more.rs`.

use crate::common::harness::Harness;
use crate::common::home::Home;
use crate::common::pbmgo_home;

use pbmgo_home::{history, one, pairs, tidy};

#[test]
fn gmail_reply_with_quoted_history() {
    let h = Harness::new();
    h.player("alice", "alice.liddell@gmail.com");
    h.player("bob", "Bob Hatter <bob.hatter@example.net>");
    // Bob (Black) played R16 as move 41; the quote holds an old "move game12 r4".
    h.game_at(
        12,
        19,
        &history(19, 40, &["R16"], &["Q16", "R4"]),
        "bob",
        "alice",
    );
    assert_eq!(h.poll_fixture("gmail-reply-quoted.eml"), one(1, 0, 0, 2));
    h.assert_moves("game12", 42, &[("black", "R16"), ("white", "Q16")]);
    let source = &h.moves("game12")[41]["source"];
    assert_eq!(
        source,
        "CAJx5Fq3d9R0kL8mTz2Qh+W7pG1vN4sE6yU0aB9cD2eF3gH4iJ@mail.gmail.com"
    );
    let reply = h.transcript_to("alice.liddell@gmail.com");
    assert_eq!(reply.results(), pairs(&[("move game12 q16 #42", "ok")]));
    assert!(
        reply.subject.starts_with("Re: [game12] ") && reply.subject.ends_with(", 19x19"),
        "{}",
        reply.subject
    );
    assert_eq!(
        reply.header("In-Reply-To"),
        Some("<CAJx5Fq3d9R0kL8mTz2Qh+W7pG1vN4sE6yU0aB9cD2eF3gH4iJ@mail.gmail.com>")
    );
    let note = &h.sent_to("bob.hatter@example.net")[0];
    assert_eq!(note.kind(), "your-move");
    assert!(note.subject.starts_with("[game12] "), "{}", note.subject);
    assert!(
        note.text
            .starts_with("alice played Q16 in game12: your move, due 2026-11-29 12:00 UTC.\n"),
        "{}",
        note.text
    );
    assert!(
        note.text
            .contains("> Nice try with the ladder, but I read it out this time :)"),
        "{}",
        note.text
    );
    insta::assert_snapshot!(tidy(&reply.text), @"
    You played Q16 in game12; bob to move, due 2026-11-29 12:00 UTC.

    > move game12 q16 #42
    ok


    game12: bob ? (Black, X) against alice ? (White, O)
    19x19 board, komi 7.5. Prisoners taken: by Black 0, by White 0.
    Status: playing. Move 43, Black (bob) to play.
    Clock: per-move 7d.
    Black (bob), to play: 7d left for this move (7d a move).
    Runs out if no move comes: 2026-11-29 12:00 UTC.
    White (alice): 7d a move.
    Moves 38-42: White E15, Black G15, White J15, Black R16, White Q16.

        A B C D E F G H J K L M N O P Q R S T
    19  X . O . X . O . X . O . X . O . X . O 19
    18  . X . O . X . O . X . O . X . O . X . 18
    17  O . X . O . X . O . X . O . X . . . O 17
    16  . X . O . X . O . X . O . X .(O)X . . 16
    15  O . X . O . X . O . . . . . . . . . . 15
    14  . . . . . . . . . . . . . . . . . . . 14
    13  . . . . . . . . . . . . . . . . . . . 13
    12  . . . . . . . . . . . . . . . . . . . 12
    11  . . . . . . . . . . . . . . . . . . . 11
    10  . . . + . . . . . + . . . . . + . . . 10
     9  . . . . . . . . . . . . . . . . . . .  9
     8  . . . . . . . . . . . . . . . . . . .  8
     7  . . . . . . . . . . . . . . . . . . .  7
     6  . . . . . . . . . . . . . . . . . . .  6
     5  . . . . . . . . . . . . . . . . . . .  5
     4  . . . + . . . . . + . . . . . + . . .  4
     3  . . . . . . . . . . . . . . . . . . .  3
     2  . . . . . . . . . . . . . . . . . . .  2
     1  . . . . . . . . . . . . . . . . . . .  1
        A B C D E F G H J K L M N O P Q R S T


    Your words went to bob.
    ");
}

#[test]
fn outlook_html_only() {
    let h = Harness::new();
    h.player("erik", "erik.svensson@contoso.example");
    h.player("frida", "frida@example.se");
    h.game_at(
        5,
        13,
        &history(13, 22, &[], &["K10", "C3"]),
        "erik",
        "frida",
    );
    assert_eq!(h.poll_fixture("outlook-html-only.eml"), one(1, 0, 0, 2));
    // Only K10: the "move game5 c3" below Outlook's From/Sent block is history.
    h.assert_moves("game5", 23, &[("black", "K10")]);
    let reply = h.transcript_to("erik.svensson@contoso.example");
    assert_eq!(reply.results(), pairs(&[("play game5 K10", "ok")]));
    assert!(reply.rejected().is_empty());
    let note = &h.sent_to("frida@example.se")[0];
    assert!(
        note.text
            .contains("> Sorry for the slow reply – busy week."),
        "{}",
        note.text
    );
    insta::assert_snapshot!(tidy(&reply.text), @"
    You played K10 in game5; frida to move, due 2026-11-29 12:00 UTC.

    > play game5 K10
    ok


    game5: erik ? (Black, X) against frida ? (White, O)
    13x13 board, komi 7.5. Prisoners taken: by Black 0, by White 0.
    Status: playing. Move 24, White (frida) to play.
    Clock: per-move 7d.
    Black (erik): 7d a move.
    White (frida), to play: 7d left for this move (7d a move).
    Runs out if no move comes: 2026-11-29 12:00 UTC.
    Moves 19-23: Black L11, White N11, Black B10, White D10, Black K10.

        A B C D E F G H J K L M N
    13  X . O . X . O . X . O . X 13
    12  . O . X . O . X . O . X . 12
    11  O . X . O . X . O . X . O 11
    10  . X . O . . . . .(X). . . 10
     9  . . . . . . . . . . . . .  9
     8  . . . . . . . . . . . . .  8
     7  . . . . . . + . . . . . .  7
     6  . . . . . . . . . . . . .  6
     5  . . . . . . . . . . . . .  5
     4  . . . + . . . . . + . . .  4
     3  . . . . . . . . . . . . .  3
     2  . . . . . . . . . . . . .  2
     1  . . . . . . . . . . . . .  1
        A B C D E F G H J K L M N


    Your words went to frida.
    ");
}

#[test]
fn apple_mail_pass_opens_scoring() {
    let h = Harness::new();
    h.player("carol", "carol.k@icloud.example");
    h.player("dan", "dan@example.org");
    // White passed as move 56: Carol's "Pass game3 #57" is the second pass.
    h.game_at(3, 13, &history(13, 55, &["pass"], &[]), "carol", "dan");
    assert_eq!(h.poll_fixture("apple-mail.eml"), one(1, 0, 0, 2));
    h.assert_moves("game3", 57, &[("white", "pass"), ("black", "pass")]);
    assert_eq!(h.show("game3")["status"], "scoring");
    let reply = h.transcript_to("carol.k@icloud.example");
    assert_eq!(reply.results(), pairs(&[("Pass game3 #57", "ok")]));
    let note = &h.sent_to("dan@example.org")[0];
    assert_eq!(note.subject, "[game3] carol vs dan, 13x13");
    assert!(
        note.text.starts_with(
            "carol passed in game3: both players passed, so the game is being scored.\n"
        ),
        "{}",
        note.text
    );
    insta::assert_snapshot!(tidy(&reply.text), @"
    You passed in game3: both players passed, so the game is being scored.

    > Pass game3 #57
    ok


    game3: carol ? (Black, X) against dan ? (White, O)
    13x13 board, komi 7.5. Prisoners taken: by Black 0, by White 0.
    Status: scoring (both players passed), after move 57.
    Moves 53-57: Black A5, White C5, Black E5, White pass, Black pass.

        A B C D E F G H J K L M N
    13  x - O . X . O . X . O . X 13
    12  - O . X . O . X . O . X . 12
    11  O . X . O . X . O . X . O 11
    10  . X . O . X . O . X . O . 10
     9  X . O . X . O . X . O . X  9
     8  . O . X . O . X . O . X .  8
     7  O . X . O . X . O . X . O  7
     6  . X . O . X . O . X . O .  6
     5  X . O . X . . . . . . . .  5
     4  . . . . . . . . . . . . .  4
     3  . . . . . . . . . . . . .  3
     2  . . . . . . . . . . . . .  2
     1  . . . . . . . . . . . . .  1
        A B C D E F G H J K L M N

    Dead stones are drawn x and o, territory # (Black) and - (White).

        Counting: area scoring, komi 7.5
        Black: 0 points of territory + 27 stones on the board = 27
        White: 3 points of territory + 27 stones on the board + 7.5 komi = 37.5
        White wins by 10.5 (W+10.5)

    This is count #1: each change of the marking makes a new one.
    Marked dead: A13.
    This marking is the server's proposal, worked out from the position:
    either player can change it with dead or alive, and done accepts it.

    carol (Black) has not accepted yet.
    dan (White) has not accepted yet.

        To mark a string dead:        dead game3 POINT...
        To mark it alive again:       alive game3 POINT...
        To accept this count:         done game3#1
        To play on instead:           resume game3


    Your words went to dan.
    ");
}

#[test]
fn iso_8859_1_move_with_german_quote_header() {
    let h = Harness::new();
    h.player("juergen", "juergen.mueller@example.de");
    h.player("wei", "wei@example.org");
    h.game_at(21, 9, &history(9, 7, &["D5"], &["E5"]), "juergen", "wei");
    assert_eq!(h.poll_fixture("iso-8859-1-qp.eml"), one(1, 0, 0, 2));
    h.assert_moves("game21", 9, &[("white", "D5"), ("black", "E5")]);
    let reply = h.transcript_to("juergen.mueller@example.de");
    assert!(
        reply
            .subject
            .starts_with("Re: [game21] juergen vs wei, 9x9")
    );
    let note = &h.sent_to("wei@example.org")[0];
    assert!(
        note.text
            .contains("> Das hätte ich nicht erwartet, schöner Zug von Weiß.\n> Grüße, Jürgen"),
        "{}",
        note.text
    );
    insta::assert_snapshot!(tidy(&reply.text), @"
    You played E5 in game21; wei to move, due 2026-11-29 12:00 UTC.

    > move game21 e5
    ok


    game21: juergen ? (Black, X) against wei ? (White, O)
    9x9 board, komi 7.5. Prisoners taken: by Black 0, by White 0.
    Status: playing. Move 10, White (wei) to play.
    Clock: per-move 7d.
    Black (juergen): 7d a move.
    White (wei), to play: 7d left for this move (7d a move).
    Runs out if no move comes: 2026-11-29 12:00 UTC.
    Moves 5-9: Black J9, White B8, Black D8, White D5, Black E5.

        A B C D E F G H J
     9  X . O . X . O . X  9
     8  . O . X . . . . .  8
     7  . . + . . . + . .  7
     6  . . . . . . . . .  6
     5  . . . O(X). . . .  5
     4  . . . . . . . . .  4
     3  . . + . . . + . .  3
     2  . . . . . . . . .  2
     1  . . . . . . . . .  1
        A B C D E F G H J


    Your words went to wei.
    ");
}

#[test]
fn thread_reply_with_just_a_point() {
    let h = Harness::new();
    h.player("fiona", "fiona@fastmail.example");
    h.player("jack", "jack@example.org");
    h.game_at(7, 9, &history(9, 10, &[], &["D4"]), "fiona", "jack");
    assert_eq!(h.poll_fixture("thread-reply.eml"), one(1, 0, 0, 2));
    h.assert_moves("game7", 11, &[("black", "D4")]);
    let reply = h.transcript_to("fiona@fastmail.example");
    assert_eq!(
        reply.header("In-Reply-To"),
        Some("<4b1c8f9e-2d3a-4e5f-8a9b-0c1d2e3f4a5b@app.fastmail.example>")
    );
    assert_eq!(
        reply.header("References"),
        Some(
            "<2071feb2127cc176367f.thread.pbmgo@pbmgo.example> <pbmgo.game7.30@pbmgo.example> <4b1c8f9e-2d3a-4e5f-8a9b-0c1d2e3f4a5b@app.fastmail.example>"
        )
    );
    insta::assert_snapshot!(tidy(&reply.text), @"
    You played D4 in game7; jack to move, due 2026-11-29 12:00 UTC.

    > d4
    ok


    game7: fiona ? (Black, X) against jack ? (White, O)
    9x9 board, komi 7.5. Prisoners taken: by Black 0, by White 0.
    Status: playing. Move 12, White (jack) to play.
    Clock: per-move 7d.
    Black (fiona): 7d a move.
    White (jack), to play: 7d left for this move (7d a move).
    Runs out if no move comes: 2026-11-29 12:00 UTC.
    Moves 7-11: Black D8, White F8, Black H8, White A7, Black D4.

        A B C D E F G H J
     9  X . O . X . O . X  9
     8  . O . X . O . X .  8
     7  O . + . . . + . .  7
     6  . . . . . . . . .  6
     5  . . . . + . . . .  5
     4  . . .(X). . . . .  4
     3  . . + . . . + . .  3
     2  . . . . . . . . .  2
     1  . . . . . . . . .  1
        A B C D E F G H J
    ");
}
