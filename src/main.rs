//! The `pbmgo` binary: hands the command line to `pbmgo::cli`.

fn main() -> std::process::ExitCode {
    pbmgo::cli::main()
}
