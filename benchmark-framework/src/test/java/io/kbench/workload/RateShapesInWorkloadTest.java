package io.kbench.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kbench.config.ConfigException;
import io.kbench.config.PlaceholderResolver;
import io.kbench.workload.spec.RunSpecs;
import io.kbench.plan.TopicLayout;
import io.kbench.plan.RateShape;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** producerRateRamp and producerRateSteps: bound, checked, and turned into the workers' rate shape. */
class RateShapesInWorkloadTest {

    @TempDir
    Path dir;

    private static final String BASE = "messageSize: 100\ntestDuration: 60s\n";

    private LoadedWorkload load(String yaml, WorkloadOverrides overrides) throws IOException {
        Path f = Files.writeString(dir.resolve("w.yaml"), yaml);
        return new WorkloadLoader(new PlaceholderResolver()).load(f, overrides);
    }

    private ConfigException fails(String yaml) {
        return assertThrows(ConfigException.class, () -> load(yaml, WorkloadOverrides.NONE));
    }

    @Test
    void aRampBecomesOneStretchAndStepsOneEach() throws IOException {
        Workload ramp = load(BASE + "producerRateRamp: {from: 1000, to: 50000, over: 60s}\n", WorkloadOverrides.NONE).workload();
        assertTrue(ramp.shapedRate());
        assertEquals(new RateShape(List.of(new RateShape.Stretch(1000, 50000, 60_000))), TopicLayout.shape(RunSpecs.of(ramp)));
        Workload steps = load(BASE + "producerRateSteps:\n  - {rate: 10000, for: 30s}\n  - {rate: 20000, for: 15s}\n",
                WorkloadOverrides.NONE).workload();
        assertEquals(Duration.ofSeconds(30), steps.producerRateSteps().get(0).duration());
        RateShape shape = TopicLayout.shape(RunSpecs.of(steps));
        assertEquals(2, shape.stretches().size());
        assertEquals(10_000, shape.rateAt(29_999), 1e-9);
        assertEquals(20_000, shape.rateAt(30_000), 1e-9);
        assertEquals(20_000, shape.rateAt(600_000), 1e-9, "the last step holds");
        assertEquals(25_500, TopicLayout.shape(RunSpecs.of(ramp)).rateAt(30_000), 1e-9, "half-way up the ramp");
    }

    @Test
    void aShapeTogetherWithProducerRateNamesBoth() {
        ConfigException e = fails(BASE + "producerRate: 1000\nproducerRateRamp: {from: 1, to: 2, over: 1s}\n");
        assertEquals("producerRateRamp", e.field());
        assertTrue(e.problem().contains("producerRateRamp and producerRate exclude each other"), e.problem());
        ConfigException both = fails(BASE + "producerRateRamp: {from: 1, to: 2, over: 1s}\nproducerRateSteps: [{rate: 1, for: 1s}]\n");
        assertTrue(both.getMessage().contains("producerRateRamp and producerRateSteps exclude each other"), both.getMessage());
    }

    @Test
    void rampsAndStepsNeedTheirFields() {
        ConfigException ramp = fails(BASE + "producerRateRamp: {from: 1000, to: -5}\n");
        assertTrue(ramp.getMessage().contains("producerRateRamp.to must be 0 or more messages per second, got -5.0"), ramp.getMessage());
        assertTrue(ramp.getMessage().contains("producerRateRamp.over must be a duration longer than zero"), ramp.getMessage());
        ConfigException step = fails(BASE + "producerRateSteps:\n  - {rate: 100}\n");
        assertTrue(step.problem().contains("producerRateSteps[0].for must be a duration longer than zero"), step.problem());
        assertEquals(4, step.line());
    }

    @Test
    void rateFromTheCommandLineReplacesAShapeAndScaleScalesIt() throws IOException {
        String yaml = BASE + "producerRateRamp: {from: 1000, to: 3000, over: 10s}\n";
        Workload fixed = load(yaml, new WorkloadOverrides(null, null, null, null, 500.0)).workload();
        assertNull(fixed.producerRateRamp());
        assertEquals(500.0, fixed.producerRate());
        Workload scaled = load(yaml, new WorkloadOverrides(null, null, 0.5, null, null)).workload();
        assertEquals(new RateRamp(500.0, 1500.0, Duration.ofSeconds(10)), scaled.producerRateRamp());
    }
}
