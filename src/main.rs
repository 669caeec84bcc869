//! The `pbmgo` binary: hands the command line to `pbmgo::cli`.

/// mimalloc: a `poll` allocates and frees many small strings per mail
/// (parsing, templates, MIME); with glibc's allocator that was about a fifth
/// of the time of the thread that runs the transactions.
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> std::process::ExitCode {
    pbmgo::cli::main()
}
