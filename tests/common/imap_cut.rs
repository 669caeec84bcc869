//! A loopback TCP proxy in front of the stack's plain IMAP port that cuts
//! the connection the moment the client sends a command containing a
//! given word (such as `UID STORE`), before the server sees it: a real
//! dropped connection at an exact point of the conversation.

use std::io::{Read, Write};
use std::net::{Shutdown, TcpListener, TcpStream};
use std::sync::Arc;
use std::sync::atomic::{AtomicU32, Ordering};
use std::thread;

/// A running proxy; it serves until the test process ends.
pub struct CutProxy {
    /// The port to point `[inbox.imap]` at.
    pub port: u16,
    cuts: Arc<AtomicU32>,
}

impl CutProxy {
    /// Proxies to `upstream` (`host:port`), cutting at `word`.
    pub fn start(upstream: String, word: &'static str) -> CutProxy {
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        let port = listener.local_addr().unwrap().port();
        let cuts = Arc::new(AtomicU32::new(0));
        let counter = cuts.clone();
        thread::spawn(move || {
            for client in listener.incoming().flatten() {
                let Ok(server) = TcpStream::connect(&upstream) else {
                    continue;
                };
                serve(client, server, word, counter.clone());
            }
        });
        CutProxy { port, cuts }
    }

    /// How many connections were cut so far.
    pub fn cuts(&self) -> u32 {
        self.cuts.load(Ordering::SeqCst)
    }
}

fn serve(client: TcpStream, server: TcpStream, word: &'static str, cuts: Arc<AtomicU32>) {
    let (c2, s2) = (client.try_clone().unwrap(), server.try_clone().unwrap());
    thread::spawn(move || copy(s2, c2)); // server -> client
    thread::spawn(move || {
        let (mut from, mut to) = (client, server);
        let mut buf = [0u8; 8192];
        loop {
            let n = match from.read(&mut buf) {
                Ok(0) | Err(_) => break,
                Ok(n) => n,
            };
            if String::from_utf8_lossy(&buf[..n]).contains(word) {
                cuts.fetch_add(1, Ordering::SeqCst);
                break;
            }
            if to.write_all(&buf[..n]).is_err() {
                break;
            }
        }
        let _ = from.shutdown(Shutdown::Both);
        let _ = to.shutdown(Shutdown::Both);
    });
}

fn copy(mut from: TcpStream, mut to: TcpStream) {
    let _ = std::io::copy(&mut from, &mut to);
    let _ = to.shutdown(Shutdown::Both);
}
