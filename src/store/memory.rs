//! SQLite's own allocations: through mimalloc, and without SQLite's memory
//! statistics, which take a global mutex around every allocation.
//!
//! Owns only that setting. It must come before the first connection opens
//! (SQLite refuses it after), so the CLI calls [`fast_allocator`] first
//! thing; code that never calls it keeps SQLite's defaults. Also reads
//! SQLite's memory counter ([`memory_used`]) for the test that checks it.
//!
//! The one module with `unsafe` code (SQLite calls back into plain C
//! functions here): `unsafe_code` is denied everywhere else (`[lints]` in
//! Cargo.toml), and every block says why it is sound.

#![allow(
    unsafe_code,
    reason = "SQLite's allocator hooks are C callbacks into mimalloc"
)]

use std::ffi::{c_int, c_void};

use rusqlite::ffi;

unsafe extern "C" fn x_malloc(n: c_int) -> *mut c_void {
    // SAFETY: mi_malloc takes any size; SQLite never asks for a negative one.
    unsafe { libmimalloc_sys::mi_malloc(usize::try_from(n).unwrap_or(0)) }
}

unsafe extern "C" fn x_free(p: *mut c_void) {
    // SAFETY: SQLite frees only what x_malloc or x_realloc returned.
    unsafe { libmimalloc_sys::mi_free(p) }
}

unsafe extern "C" fn x_realloc(p: *mut c_void, n: c_int) -> *mut c_void {
    // SAFETY: `p` came from x_malloc or x_realloc.
    unsafe { libmimalloc_sys::mi_realloc(p, usize::try_from(n).unwrap_or(0)) }
}

unsafe extern "C" fn x_size(p: *mut c_void) -> c_int {
    // SAFETY: `p` came from x_malloc or x_realloc.
    let n = unsafe { libmimalloc_sys::mi_usable_size(p) };
    c_int::try_from(n).unwrap_or(c_int::MAX)
}

unsafe extern "C" fn x_roundup(n: c_int) -> c_int {
    n.saturating_add(7) & !7
}

unsafe extern "C" fn x_init(_: *mut c_void) -> c_int {
    ffi::SQLITE_OK
}

unsafe extern "C" fn x_shutdown(_: *mut c_void) {}

/// Makes SQLite allocate with mimalloc and keep no memory statistics;
/// returns false when SQLite refused (a connection was opened already).
pub fn fast_allocator() -> bool {
    let methods = ffi::sqlite3_mem_methods {
        xMalloc: Some(x_malloc),
        xFree: Some(x_free),
        xRealloc: Some(x_realloc),
        xSize: Some(x_size),
        xRoundup: Some(x_roundup),
        xInit: Some(x_init),
        xShutdown: Some(x_shutdown),
        pAppData: std::ptr::null_mut(),
    };
    // SAFETY: both options are set before SQLite is initialised (or refused
    // with SQLITE_MISUSE); SQLite copies `methods`, whose functions are
    // valid for the life of the process.
    unsafe {
        ffi::sqlite3_config(ffi::SQLITE_CONFIG_MALLOC, &raw const methods) == ffi::SQLITE_OK
            && ffi::sqlite3_config(ffi::SQLITE_CONFIG_MEMSTATUS, 0 as c_int) == ffi::SQLITE_OK
    }
}

/// The bytes SQLite counts as in use: always 0 once [`fast_allocator`]
/// has turned its memory statistics off.
pub fn memory_used() -> i64 {
    // SAFETY: sqlite3_memory_used only reads SQLite's own counter; it is
    // safe to call at any time, before or after initialisation.
    unsafe { ffi::sqlite3_memory_used() }
}
