#!/bin/sh
# Run by Postfix's pipe transport for pipe@@DOMAIN@, as @USER@, with the
# mail on stdin. The pbmgo binary and home are the symlinks
# @S@/pipe/pbmgo and @S@/pipe/home (a test points them at its own).
# pbmgo deliver exits 75 when the mail should be retried later.
bin=@S@/pipe/pbmgo
[ -x "$bin" ] || { echo "pbmgo binary $bin missing" >&2; exit 75; }
exec "$bin" --home @S@/pipe/home deliver
