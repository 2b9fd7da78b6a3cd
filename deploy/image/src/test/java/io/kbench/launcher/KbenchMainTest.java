package io.kbench.launcher;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kbench.launcher.KbenchMain.Dispatch;
import io.kbench.launcher.KbenchMain.Target;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class KbenchMainTest {

    @Test
    void workerGoesToTheWorkerAgentWithTheRestOfTheArguments() {
        Dispatch d = KbenchMain.dispatch(new String[] {"worker", "--bind", "0.0.0.0"});
        assertEquals(Target.WORKER, d.target());
        assertArrayEquals(new String[] {"--bind", "0.0.0.0"}, d.args());
    }

    @Test
    void runIsTheCoordinatorsDefaultCommand() {
        Dispatch d = KbenchMain.dispatch(new String[] {"run", "--drivers", "driver-kafka/kafka.yaml", "workloads/simple.yaml"});
        assertEquals(Target.COORDINATOR, d.target());
        assertArrayEquals(new String[] {"--drivers", "driver-kafka/kafka.yaml", "workloads/simple.yaml"}, d.args());
    }

    @Test
    void theCoordinatorsSubcommandsKeepTheirName() {
        for (String sub : new String[] {"find-max", "sweep", "report", "size", "cost"}) {
            Dispatch d = KbenchMain.dispatch(new String[] {sub, "x.yaml"});
            assertEquals(Target.COORDINATOR, d.target(), sub);
            assertArrayEquals(new String[] {sub, "x.yaml"}, d.args(), sub);
        }
    }

    @Test
    void helpVersionAndMistakes() {
        assertEquals(Target.HELP, KbenchMain.dispatch(new String[] {"--help"}).target());
        assertEquals(Target.VERSION, KbenchMain.dispatch(new String[] {"--version"}).target());
        Dispatch nothing = KbenchMain.dispatch(new String[0]);
        assertEquals(Target.UNKNOWN, nothing.target());
        assertTrue(nothing.problem().contains("worker|run|find-max|sweep|report|size|cost"), nothing.problem());
        Dispatch typo = KbenchMain.dispatch(new String[] {"wroker"});
        assertEquals(Target.UNKNOWN, typo.target());
        assertEquals("kbench: unknown command 'wroker': use worker, run, find-max, sweep, report, size or cost", typo.problem());
    }

    @Test
    void theUsageNamesEveryCommand() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        KbenchMain.usage(new PrintStream(bytes, true, StandardCharsets.UTF_8));
        String usage = bytes.toString(StandardCharsets.UTF_8);
        for (String command : new String[] {"worker", "run", "find-max", "sweep", "report", "size", "cost"}) {
            assertTrue(usage.contains("\n  " + command + " "), command + " in:\n" + usage);
        }
    }
}
