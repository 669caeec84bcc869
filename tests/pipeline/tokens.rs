//! Reply tokens on a real SQLite file: with `[server] auth = "token"`
//! every game mail carries `Reply-To: games+<token>@pbmgo.example`, a
//! reply sent there plays, and a mail with the right From but no token, a
//! wrong one or another game's is refused with `bad-token` and told how to
//! answer. In the default address mode nothing of this shows. The secret
//! file is the binary's (its mode, made only in token mode); the rest runs
//! in-process, on the pipeline harness.

use crate::common::harness::Harness;
use crate::common::home::Home;
use crate::common::pbmgo_home;

use std::os::unix::fs::PermissionsExt;

use pbmgo_home::{OutMail, PbmgoHome, SERVER, counts, mail};

const ALICE: &str = "alice@example.org";
const BOB: &str = "bob@example.net";
const CAROL: &str = "carol@example.com";

/// A home in `auth` mode: Alice (black) against Bob in game1 and against Carol in game2.
fn home(auth: &str) -> PbmgoHome {
    let h = PbmgoHome::new();
    std::fs::write(h.path().join("pbmgo.toml"), config(auth)).unwrap();
    with_games(h)
}

/// As [`home`], in-process.
fn harness(auth: &str) -> Harness {
    with_games(Harness::from_config(&config(auth)))
}

fn config(auth: &str) -> String {
    format!("[server]\naddress = \"{SERVER}\"\nname = \"pbmgo\"\nauth = \"{auth}\"\n")
}

fn with_games<H: Home>(h: H) -> H {
    h.player("alice", ALICE);
    h.player("bob", BOB);
    h.player("carol", CAROL);
    assert_eq!(h.game_new("alice", "bob", 9), "game1");
    assert_eq!(h.game_new("alice", "carol", 9), "game2");
    h
}

/// A fixture of `tests/fixtures/tokens/` with its placeholders filled.
fn fixture(name: &str, delivered: &str, to: &str, id: &str, body: &str) -> Vec<u8> {
    let path = format!(
        "{}/tests/fixtures/tokens/{name}",
        env!("CARGO_MANIFEST_DIR")
    );
    std::fs::read_to_string(&path)
        .unwrap()
        .replace("{{DELIVERED}}", delivered)
        .replace("{{TO}}", to)
        .replace("{{ID}}", id)
        .replace("{{BODY}}", body)
        .into_bytes()
}

/// The address in a mail's Reply-To header.
fn reply_address(m: &OutMail) -> String {
    let value = m.header("Reply-To").expect("a Reply-To header");
    let open = value.find('<').map_or(0, |i| i + 1);
    value[open..].trim_end_matches('>').to_string()
}

/// Has Alice ask for a board and returns the token address of its transcript.
fn token_address(h: &impl Home, game: &str) -> String {
    h.drop_mail(&mail(ALICE, "board", &format!("board {game}")).bytes());
    h.poll();
    let last = h.sent_to(ALICE).pop().unwrap();
    assert_eq!(last.header("X-Pbmgo-Game"), Some(game));
    reply_address(&last)
}

/// The last transcript to Alice.
fn last_to_alice(h: &impl Home) -> OutMail {
    h.sent_to(ALICE)
        .into_iter()
        .rfind(OutMail::is_transcript)
        .unwrap()
}

#[test]
fn game_mails_carry_the_players_token_address() {
    let h = home("token");
    let address = token_address(&h, "game1");
    let token = address
        .strip_prefix("games+")
        .and_then(|a| a.strip_suffix("@pbmgo.example"))
        .unwrap_or_else(|| panic!("not a token address: {address}"));
    assert_eq!(token.len(), 16);
    assert!(
        token
            .bytes()
            .all(|b| b.is_ascii_lowercase() || (b'2'..=b'7').contains(&b))
    );
    let reply = fixture("reply.eml", &address, &address, "r1", "move game1 E5");
    h.drop_mail(&reply);
    let got = counts(&h.poll());
    assert_eq!((got.applied, got.sent), (1, 2));
    h.assert_moves("game1", 1, &[("black", "E5")]);
    assert_eq!(
        reply_address(&last_to_alice(&h)),
        address,
        "the same token again"
    );
    let to_bob = h.sent_to(BOB).pop().unwrap();
    assert_eq!(to_bob.kind(), "your-move");
    let bobs = reply_address(&to_bob);
    assert!(
        bobs.starts_with("games+") && bobs != address,
        "Bob has his own token"
    );
    let secret = h.path().join("secret");
    let mode = std::fs::metadata(&secret).unwrap().permissions().mode();
    assert_eq!(mode & 0o777, 0o600);
}

#[test]
fn the_token_is_read_from_delivered_to_or_cc() {
    let h = harness("token");
    let address = token_address(&h, "game1");
    // Postfix's Delivered-To keeps the +token though To is the plain address.
    h.drop_mail(&fixture(
        "reply.eml",
        &address,
        SERVER,
        "d1",
        "move game1 E5",
    ));
    assert_eq!(counts(&h.poll()).applied, 1);
    let cc = mail(ALICE, "pass", "pass game1").header("Cc", &address);
    h.drop_mail(&cc.bytes());
    let got = counts(&h.poll());
    assert_eq!((got.applied, got.rejected), (0, 1), "white is to move");
    assert!(!last_to_alice(&h).rejected().contains(&"bad-token"));
}

#[test]
fn forged_mail_with_the_right_from_is_refused_with_bad_token() {
    let h = harness("token");
    let game1 = token_address(&h, "game1");
    let game2 = token_address(&h, "game2");
    let wrong = "games+abcdefghijklmnop@pbmgo.example";
    for (n, to) in [SERVER, wrong, game2.as_str()].into_iter().enumerate() {
        let raw = fixture("forged.eml", SERVER, to, &format!("f{n}"), "move game1 E5");
        h.drop_mail(&raw);
        let got = counts(&h.poll());
        assert_eq!((got.applied, got.rejected, got.sent), (0, 1, 1), "to {to}");
        let answer = last_to_alice(&h);
        assert_eq!(answer.rejected(), ["bad-token"], "to {to}");
        assert!(answer.text.contains("Reply"), "{}", answer.text);
        assert!(answer.text.contains("game1"), "{}", answer.text);
        // The refusal itself carries the right address to answer to.
        assert_eq!(reply_address(&answer), game1);
    }
    assert!(h.moves("game1").is_empty());
    assert!(h.sent_to(BOB).is_empty(), "Bob hears nothing of forgeries");
    // Bob's token for game1 is not Alice's.
    h.drop_mail(&mail(BOB, "board", "board game1").bytes());
    h.poll();
    let bobs = reply_address(&h.sent_to(BOB).pop().unwrap());
    h.drop_mail(&fixture("forged.eml", &bobs, &bobs, "f9", "move game1 E5"));
    assert_eq!(counts(&h.poll()).rejected, 1);
    assert_eq!(last_to_alice(&h).rejected(), ["bad-token"]);
    // Commands that act in no game need no token.
    h.drop_mail(&fixture("forged.eml", SERVER, SERVER, "f10", "games"));
    assert_eq!(counts(&h.poll()).answered, 1);
}

#[test]
fn address_mode_is_unchanged() {
    let h = home("address");
    h.drop_mail(&mail(ALICE, "move", "move game1 E5").bytes());
    assert_eq!(counts(&h.poll()).applied, 1);
    for m in h.sent() {
        assert_eq!(m.header("Reply-To"), None, "{}", m.subject);
    }
    // The secret exists all the same: it keys the VERP ids of bounces.
    assert!(h.path().join("secret").exists());
}

#[test]
fn a_challenge_is_accepted_without_a_token_and_the_game_mail_carries_one() {
    let h = harness("token");
    h.drop_mail(&mail(BOB, "challenge", "challenge carol").bytes());
    assert_eq!(counts(&h.poll()).applied, 1);
    let letter = h.sent_to(CAROL).pop().unwrap();
    assert_eq!(letter.kind(), "challenge");
    let game = letter.header("X-Pbmgo-Game").map(str::to_string);
    let id = letter.subject[1..].split(']').next().unwrap().to_string();
    assert!(game.is_none() || game.as_deref() == Some(id.as_str()));
    h.drop_mail(&mail(CAROL, "accept", &format!("accept {id}")).bytes());
    assert_eq!(counts(&h.poll()).applied, 1);
    let about_game: Vec<OutMail> = h
        .sent()
        .into_iter()
        .filter(|m| m.header("X-Pbmgo-Game") == Some(id.as_str()))
        .collect();
    assert!(!about_game.is_empty());
    for m in about_game {
        assert!(reply_address(&m).starts_with("games+"), "{}", m.subject);
    }
}

#[test]
fn in_token_mode_account_changes_need_one_of_the_players_tokens() {
    let h = harness("token");
    // A forged From alone changes nothing of alice's account.
    let forged = "password hunter2\nnotify off\nvacation 5\nimages off";
    h.drop_mail(&mail(ALICE, "account", forged).bytes());
    h.poll();
    let refused = last_to_alice(&h);
    assert_eq!(
        refused.rejected(),
        ["bad-token", "bad-token", "bad-token", "bad-token"],
        "{}",
        refused.text
    );
    assert!(
        refused.flat().contains("changes to your account need"),
        "{}",
        refused.text
    );
    assert_eq!(h.count("vacations"), 0);
    // That answer is about no game, so it carries alice's account token;
    // a reply sent there may change the account.
    let account = reply_address(&refused);
    assert!(account.starts_with("games+"), "{account}");
    let m = mail(ALICE, "Re: account", "vacation 5").header("To", &account);
    h.drop_mail(&m.bytes());
    h.poll();
    assert!(last_to_alice(&h).rejected().is_empty());
    assert_eq!(h.count("vacations"), 1);
    // A game's token is one of hers too; bob's is not.
    let game = token_address(&h, "game1");
    let m = mail(ALICE, "Re: game1", "notify digest").header("To", &game);
    h.drop_mail(&m.bytes());
    h.poll();
    assert!(last_to_alice(&h).rejected().is_empty());
    h.drop_mail(&mail(BOB, "board", "board game1").bytes());
    h.poll();
    let bobs = reply_address(&h.sent_to(BOB).pop().unwrap());
    let m = mail(ALICE, "Re: game1", "notify off").header("To", &bobs);
    h.drop_mail(&m.bytes());
    h.poll();
    assert_eq!(last_to_alice(&h).rejected(), ["bad-token"]);
}
