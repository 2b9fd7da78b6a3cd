package io.kbench.launcher;

import io.kbench.agent.WorkerMain;
import io.kbench.cli.BenchmarkMain;
import java.io.PrintStream;
import java.util.Arrays;
import java.util.Locale;
import java.util.Set;

/**
 * The one entry point of the image and the release archive: {@code kbench worker ...} runs a worker
 * agent (what {@code bin/benchmark-worker} runs), every other subcommand is the coordinator's
 * ({@code bin/benchmark}). It only dispatches; the commands keep their own options and help.
 */
public final class KbenchMain {

    /** The coordinator's subcommands, passed on to {@code bin/benchmark} as they are. */
    static final Set<String> COORDINATOR_SUBCOMMANDS = Set.of("find-max", "sweep", "report", "size", "cost");

    private KbenchMain() {}

    public static void main(String[] args) {
        Dispatch dispatch = dispatch(args);
        switch (dispatch.target()) {
            case WORKER -> WorkerMain.main(dispatch.args());
            case COORDINATOR -> BenchmarkMain.main(dispatch.args());
            case HELP -> {
                usage(System.out);
                System.exit(0);
            }
            case VERSION -> {
                System.out.println("kbench " + version());
                System.exit(0);
            }
            case UNKNOWN -> {
                System.err.println(dispatch.problem());
                usage(System.err);
                System.exit(2);
            }
        }
    }

    /** Where a command line goes, and the arguments the target gets. */
    record Dispatch(Target target, String[] args, String problem) {}

    enum Target { WORKER, COORDINATOR, HELP, VERSION, UNKNOWN }

    static Dispatch dispatch(String[] args) {
        if (args.length == 0) {
            return new Dispatch(Target.UNKNOWN, args, "kbench: say what to run: kbench worker|run|find-max|sweep|report|size|cost ...");
        }
        String first = args[0];
        String[] rest = Arrays.copyOfRange(args, 1, args.length);
        if (first.equals("worker")) {
            return new Dispatch(Target.WORKER, rest, null);
        }
        if (first.equals("run")) {
            return new Dispatch(Target.COORDINATOR, rest, null);
        }
        if (COORDINATOR_SUBCOMMANDS.contains(first)) {
            return new Dispatch(Target.COORDINATOR, args, null);
        }
        if (first.equals("help") || first.equals("--help") || first.equals("-h")) {
            return new Dispatch(Target.HELP, rest, null);
        }
        if (first.equals("--version") || first.equals("-V")) {
            return new Dispatch(Target.VERSION, rest, null);
        }
        return new Dispatch(Target.UNKNOWN, args, String.format(Locale.ROOT,
                "kbench: unknown command '%s': use worker, run, find-max, sweep, report, size or cost", first));
    }

    static void usage(PrintStream out) {
        out.println("""
                Usage: kbench COMMAND [OPTIONS] ...

                Commands:
                  worker    run a worker agent that a coordinator drives over HTTP (bin/benchmark-worker)
                  run       run workloads: kbench run --drivers FILE [--workers URL,...] WORKLOAD.yaml...
                  find-max  search the highest rate a workload sustains within its objectives
                  sweep     run a workload over combinations of settings
                  report    compare results and write an HTML report
                  size      estimate partitions and storage for a target load
                  cost      price results with a dated price file: per hour, per MB/s-month, per TB

                Each command has its own help: kbench worker --help, kbench run --help, kbench find-max --help, ...
                In the image, driver presets are in driver-kafka/, workloads in workloads/ and price files in
                prices/ (the working directory, /opt/kbench), and results go to results/ unless --output-dir
                says otherwise.
                JVM options: JAVA_TOOL_OPTIONS (the heap follows the container's memory limit by default).""");
    }

    static String version() {
        String v = WorkerMain.class.getPackage().getImplementationVersion();
        return v == null ? "dev" : v;
    }
}
