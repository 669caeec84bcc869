#!/usr/bin/env bash
# The test mail stack: Postfix and Dovecot on loopback, for pbmgo's
# end-to-end tests (tests/stack_*.rs) and for trying pbmgo by hand.
#
#   tests/mailstack/mailstack.sh start    install (first time) and start; prints the env file
#   tests/mailstack/mailstack.sh stop     stop both daemons by PID
#   tests/mailstack/mailstack.sh status   exit 0 when all three ports answer
#
# Everything lives in one state folder ($PBMGO_MAILSTACK_DIR, default
# /tmp/pbmgo-mailstack); nothing under /etc is edited. Postfix runs with
# `postfix -c $S/postfix` (its own main.cf, master.cf, queue and data
# folders), Dovecot with `dovecot -c $S/dovecot.conf`.
#
#   127.0.0.1:2525  SMTP, for players' mail (no auth, no TLS)
#   127.0.0.1:2587  submission: STARTTLS required, then AUTH PLAIN/LOGIN
#   127.0.0.1:1143  IMAP (plain, STARTTLS offered); 127.0.0.1:1993 IMAPS
#
# Mailboxes (Maildirs under $S/mail/<user>/Maildir, password "secret"):
# go@, alice@, bob@pbem.test. recipient_delimiter is "+", so go+x@ lands in
# go@'s Maildir. pipe@pbem.test is handed to `pbmgo deliver` (binary and
# home: the symlinks $S/pipe/pbmgo and $S/pipe/home, which a test points
# at its own). nobody@pbem.test is accepted and then bounced to the
# envelope sender, and so is any unknown address sent through 2587.
#
# The env file ($S/env, KEY=VALUE lines) tells tests where things are; the
# tests find it through PBMGO_MAILSTACK (set by .ci/run).
set -euo pipefail

S=${PBMGO_MAILSTACK_DIR:-/tmp/pbmgo-mailstack}
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
MAIL_USER=pbemmail
DOMAIN=pbem.test
USERS="go alice bob"
PASSWORD=secret

log() { printf 'mailstack: %s\n' "$*" >&2; }

install_packages() {
    if command -v postfix >/dev/null && command -v dovecot >/dev/null &&
        command -v swaks >/dev/null && command -v curl >/dev/null &&
        dpkg -s libnet-ssleay-perl >/dev/null 2>&1; then
        return
    fi
    log "installing postfix, dovecot-imapd, swaks (apt-get)"
    apt-get update -q >/dev/null
    printf '%s\n' 'postfix postfix/main_mailer_type select No configuration' \
        "postfix postfix/mailname string $DOMAIN" | debconf-set-selections
    DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends \
        postfix dovecot-core dovecot-imapd swaks libnet-ssleay-perl openssl curl >/dev/null
}

mail_user() {
    id "$MAIL_USER" >/dev/null 2>&1 ||
        useradd --system --no-create-home --shell /usr/sbin/nologin "$MAIL_USER"
    U=$(id -u "$MAIL_USER")
    G=$(id -g "$MAIL_USER")
}

# A self-signed certificate for 127.0.0.1 and localhost; CA:FALSE, as
# rustls refuses a CA certificate used as the server's own.
make_cert() {
    [ -s "$S/tls-cert.pem" ] && return
    openssl req -x509 -newkey rsa:2048 -nodes -days 30 -subj /CN=localhost \
        -addext subjectAltName=DNS:localhost,IP:127.0.0.1 \
        -addext basicConstraints=critical,CA:FALSE \
        -keyout "$S/tls-key.pem" -out "$S/tls-cert.pem" 2>/dev/null
    chmod 644 "$S/tls-cert.pem"
    chmod 600 "$S/tls-key.pem"
}

make_folders() {
    mkdir -p "$S/mail" "$S/run" "$S/pipe" "$S/postfix" "$S/spool" "$S/data"
    chmod 755 "$S" "$S/run" "$S/pipe"
    for u in $USERS pipe; do
        mkdir -p "$S/mail/$u/Maildir"/{tmp,new,cur}
    done
    chown -R "$MAIL_USER:$MAIL_USER" "$S/mail"
    chown postfix "$S/data"
    printf '%s\n' "$PASSWORD" >"$S/password"
    chmod 644 "$S/password"
    : >"$S/users"
    for u in $USERS; do
        printf '%s@%s:{PLAIN}%s\n' "$u" "$DOMAIN" "$PASSWORD" >>"$S/users"
    done
    [ -e "$S/pipe/pbmgo" ] || ln -sfn "${PBMGO_BIN:-$ROOT/target/debug/pbmgo}" "$S/pipe/pbmgo"
    [ -e "$S/pipe/home" ] || { mkdir -p "$S/pipe-home" && ln -sfn "$S/pipe-home" "$S/pipe/home"; }
}

render() { # template -> output, with @S@ @U@ @G@ @USER@ @DOMAIN@ filled in
    sed -e "s|@S@|$S|g" -e "s|@U@|$U|g" -e "s|@G@|$G|g" \
        -e "s|@USER@|$MAIL_USER|g" -e "s|@DOMAIN@|$DOMAIN|g" "$HERE/$1" >"$2"
}

configure_postfix() {
    render main.cf "$S/postfix/main.cf"
    render master.cf "$S/postfix/master.cf"
    : >"$S/vmailbox"
    for u in $USERS pipe; do
        printf '%s@%s %s/Maildir/\n' "$u" "$DOMAIN" "$u" >>"$S/vmailbox"
    done
    printf 'nobody@%s nobody/Maildir/\n' "$DOMAIN" >>"$S/vmailbox"
    printf '%s\n' "pipe@$DOMAIN pbmgopipe:" \
        "nobody@$DOMAIN error:5.1.1 mailbox unavailable (test bounce)" >"$S/transport"
    : >"$S/aliases"
    render pipe-deliver.sh "$S/pipe/deliver.sh"
    chmod 755 "$S/pipe/deliver.sh"
    postalias -c "$S/postfix" "$S/aliases"
    postfix -c "$S/postfix" check
}

configure_dovecot() {
    render dovecot.conf "$S/dovecot.conf"
}

postfix_pid() { tr -d ' ' 2>/dev/null <"$S/spool/pid/master.pid" || true; }
dovecot_pid() { cat "$S/run/dovecot/master.pid" 2>/dev/null || true; }
alive() { [ -n "$1" ] && kill -0 "$1" 2>/dev/null; }

port_open() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

wait_ports() {
    for _ in $(seq 100); do
        if port_open 2525 && port_open 2587 && port_open 1143 && port_open 1993; then
            return 0
        fi
        sleep 0.1
    done
    log "the ports did not open; see $S/postfix.log and $S/dovecot.log"
    return 1
}

write_env() {
    local bin=${PBMGO_BIN:-$(readlink "$S/pipe/pbmgo")}
    cat >"$S/env.tmp" <<ENV
# The pbmgo test mail stack ($HERE/mailstack.sh); KEY=VALUE, no quoting.
DIR=$S
DOMAIN=$DOMAIN
HOST=127.0.0.1
SMTP_PORT=2525
SUBMISSION_PORT=2587
IMAP_PORT=1143
IMAPS_PORT=1993
CA_FILE=$S/tls-cert.pem
PASSWORD_FILE=$S/password
GO_MAILDIR=$S/mail/go/Maildir
MAIL_ROOT=$S/mail
MAIL_USER=$MAIL_USER
PIPE_ADDRESS=pipe@$DOMAIN
PIPE_BIN_LINK=$S/pipe/pbmgo
PIPE_HOME_LINK=$S/pipe/home
PBMGO_BIN=$bin
POSTFIX_CONFIG=$S/postfix
POSTFIX_LOG=$S/postfix.log
LOCK_FILE=$S/lock
ENV
    mv "$S/env.tmp" "$S/env"
}

start() {
    local t0=$SECONDS
    install_packages
    mail_user
    mkdir -p "$S"
    if status >/dev/null 2>&1; then
        log "already running"
        write_env
        echo "$S/env"
        return
    fi
    stop_daemons
    make_folders
    make_cert
    configure_postfix
    configure_dovecot
    postfix -c "$S/postfix" start >/dev/null 2>>"$S/postfix.log"
    # Dovecot keeps its stderr open: detach it from the caller's pipes.
    dovecot -c "$S/dovecot.conf" </dev/null >/dev/null 2>>"$S/dovecot.log"
    wait_ports
    write_env
    log "up in $((SECONDS - t0)) s (postfix $(postfix_pid), dovecot $(dovecot_pid))"
    echo "$S/env"
}

stop_daemons() {
    local p
    for p in "$(postfix_pid)" "$(dovecot_pid)"; do
        alive "$p" && kill "$p"
    done
    for _ in $(seq 50); do
        alive "$(postfix_pid)" || alive "$(dovecot_pid)" || return 0
        sleep 0.1
    done
    log "still running after 5 s"
    return 1
}

stop() {
    stop_daemons
    log "stopped"
}

status() {
    local p d
    p=$(postfix_pid)
    d=$(dovecot_pid)
    if alive "$p" && alive "$d" && port_open 2525 && port_open 2587 && port_open 1143; then
        echo "running: postfix $p, dovecot $d; env $S/env"
        return 0
    fi
    echo "not running (postfix: ${p:-no pid}, dovecot: ${d:-no pid})"
    return 1
}

case "${1:-}" in
start) start ;;
stop) stop ;;
status) status ;;
*)
    echo "usage: $0 start|stop|status" >&2
    exit 2
    ;;
esac
