//! Token mode that plays (issue 25): with `[server] auth = "token"`, the
//! daily digest's Reply-To token covers the games it lists, so a reply to
//! it may play in each of them (and change the account, as the account
//! token may), but not in a game it did not list, and a forged From with
//! no token still plays nowhere; `help`, the welcome and the `bad-token`
//! refusal say how a game command is sent in token mode. In-process.

use crate::common::harness::Harness;
use crate::common::home::Home;
use crate::common::pbmgo_home::{OutMail, SERVER, counts, mail};

const ALICE: &str = "alice@example.org";
const BOB: &str = "bob@example.net";
const CAROL: &str = "carol@example.com";

/// Token mode; alice plays black against bob (game1) and carol (game2),
/// and white against carol (game3, carol to move).
fn harness() -> Harness {
    let h = Harness::from_config(&format!(
        "[server]\naddress = \"{SERVER}\"\nname = \"pbmgo\"\nauth = \"token\"\nsignup = \"open\"\n"
    ));
    h.player("alice", ALICE);
    h.player("bob", BOB);
    h.player("carol", CAROL);
    assert_eq!(h.game_new("alice", "bob", 9), "game1");
    assert_eq!(h.game_new("alice", "carol", 9), "game2");
    assert_eq!(h.game_new("carol", "alice", 9), "game3");
    h
}

/// The address in a mail's Reply-To header.
fn reply_address(m: &OutMail) -> String {
    let value = m.header("Reply-To").expect("a Reply-To header");
    let open = value.find('<').map_or(0, |i| i + 1);
    value[open..].trim_end_matches('>').to_string()
}

/// Mails `body` from alice to `to` and polls; returns her last transcript.
fn from_alice(h: &Harness, to: &str, body: &str) -> OutMail {
    h.drop_mail(&mail(ALICE, "Re: Your move", body).header("To", to).bytes());
    h.poll();
    let mut sent = h.sent_to(ALICE).into_iter();
    sent.rfind(OutMail::is_transcript).expect("a transcript")
}

/// Alice turns to the digest (through her game1 token) and a tick sends
/// her one; returns its Reply-To address.
fn digest_address(h: &Harness) -> String {
    let board = from_alice(h, SERVER, "board game1");
    let game1 = reply_address(&board);
    let set = from_alice(h, &game1, "notify digest");
    assert!(set.rejected().is_empty(), "{}", set.text);
    h.tick_at("2026-11-22T13:00:00Z");
    let digest = h.sent_to(ALICE).into_iter().rfind(|m| m.kind() == "digest");
    let digest = digest.expect("a digest");
    assert!(digest.text.contains("game1") && digest.text.contains("game2"));
    assert!(!digest.text.contains("game3"), "carol is to move in game3");
    let address = reply_address(&digest);
    assert!(
        address.starts_with("games+") && address != game1,
        "{address}"
    );
    address
}

#[test]
fn a_reply_to_the_digest_plays_in_every_game_it_lists() {
    let h = harness();
    let digest = digest_address(&h);
    let t = from_alice(&h, &digest, "move game1 E5\nmove game2 D4\nnotify each");
    assert!(t.rejected().is_empty(), "{}", t.text);
    h.assert_moves("game1", 1, &[("black", "E5")]);
    h.assert_moves("game2", 1, &[("black", "D4")]);
    // A later reply to the same digest still plays in its games.
    h.drop_mail(&mail(BOB, "move", "move game1 C3").bytes());
    h.poll();
    let bobs = h.sent_to(BOB).pop().unwrap();
    let bob_token = reply_address(&bobs);
    h.drop_mail(
        &mail(BOB, "move", "move game1 C3")
            .header("To", &bob_token)
            .bytes(),
    );
    h.poll();
    let t = from_alice(&h, &digest, "move game1 F5");
    assert!(t.rejected().is_empty(), "{}", t.text);
    h.assert_moves("game1", 3, &[("black", "F5")]);
}

#[test]
fn the_digest_token_covers_only_the_games_it_listed() {
    let h = harness();
    let digest = digest_address(&h);
    // carol moves in game3 after the digest: alice's turn there now, but
    // the digest did not list it.
    h.drop_mail(&mail(CAROL, "move", "board game3").bytes());
    h.poll();
    let carols = reply_address(&h.sent_to(CAROL).pop().unwrap());
    h.drop_mail(
        &mail(CAROL, "move", "move game3 E5")
            .header("To", &carols)
            .bytes(),
    );
    assert_eq!(counts(&h.poll()).applied, 1);
    let t = from_alice(&h, &digest, "move game3 D4");
    assert_eq!(t.rejected(), ["bad-token"], "{}", t.text);
    assert_eq!(h.moves("game3").len(), 1);
    // Bob cannot use alice's digest token, nor alice a forged From alone.
    h.drop_mail(
        &mail(BOB, "x", "move game1 C3")
            .header("To", &digest)
            .bytes(),
    );
    h.poll();
    let refused = h.sent_to(BOB).pop().unwrap();
    assert_eq!(refused.rejected(), ["bad-token"], "{}", refused.text);
    let t = from_alice(&h, SERVER, "move game1 E5");
    assert_eq!(t.rejected(), ["bad-token"]);
    assert!(h.moves("game1").is_empty());
}

#[test]
fn help_welcome_and_the_refusal_say_how_to_play_in_token_mode() {
    let h = harness();
    let t = from_alice(&h, SERVER, "move game1 E5");
    let refusal = t.flat();
    for words in ["reply to a mail about game1", "digest", "board game1"] {
        assert!(refusal.contains(words), "{words}: {refusal}");
    }
    let help = from_alice(&h, SERVER, "help").flat();
    assert!(
        help.contains("In token mode") || help.contains("a game command must be a reply"),
        "{help}"
    );
    assert!(help.contains("board GAME"), "{help}");
    h.drop_mail(&mail("dora@example.org", "signup", "signup dora").bytes());
    h.poll();
    let welcome = h.sent_to("dora@example.org").pop().unwrap().flat();
    assert!(
        welcome.contains("a game command must be a reply"),
        "{welcome}"
    );
}
