//! `store::memory::fast_allocator`, in a test binary of its own: it must run
//! before SQLite starts, and then SQLite works on mimalloc without memory
//! statistics; once SQLite has started, the setting is refused and harmless.

use pbmgo::store::Store;
use pbmgo::store::memory::{fast_allocator, memory_used};

#[test]
fn sqlite_runs_on_mimalloc_once_set_before_the_first_connection() {
    assert!(fast_allocator(), "taken before the first connection");
    let dir = tempfile::tempdir().unwrap();
    let mut store = Store::open(
        &dir.path().join("db.sqlite3"),
        std::time::Duration::from_secs(1),
    )
    .unwrap();
    store
        .write(|tx| {
            tx.execute_batch(
                "CREATE TABLE t (x BLOB);
                 WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 2000)
                 INSERT INTO t SELECT randomblob(i) FROM n;",
            )?;
            Ok::<_, pbmgo::store::StoreError>(())
        })
        .unwrap();
    let (count, bytes): (i64, i64) = store
        .conn()
        .query_row("SELECT count(*), sum(length(x)) FROM t", [], |r| {
            Ok((r.get(0)?, r.get(1)?))
        })
        .unwrap();
    assert_eq!((count, bytes), (2000, 2000 * 2001 / 2));
    // Without statistics SQLite reports no memory in use.
    assert_eq!(memory_used(), 0);
    assert!(!fast_allocator(), "refused once SQLite has started");
}
