package io.kbench.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.junit.jupiter.api.Test;

class ConfigExceptionTest {

    @Test
    void formatsSourceLineAndProblem() {
        ConfigException e = ConfigException.at("drivers/msk.yaml", 7, "commonConfig", "something is wrong");
        assertEquals("drivers/msk.yaml:7: something is wrong", e.getMessage());
        assertEquals("drivers/msk.yaml", e.source());
        assertEquals(7, e.line());
        assertEquals("commonConfig", e.field());
        assertEquals("something is wrong", e.problem());
    }

    @Test
    void noLocationFactoryOmitsLine() {
        ConfigException e = ConfigException.of("workloads/x.yaml", "file not found");
        assertEquals("workloads/x.yaml: file not found", e.getMessage());
        assertNull(e.line());
        assertNull(e.field());
    }

    @Test
    void acceptsConfigSourceAndIgnoresNonPositiveLines() {
        ConfigSource source = ConfigSource.of("remote workload", "a: 1");
        assertEquals("remote workload: bad", ConfigException.at(source, 0, "", "bad").getMessage());
        assertNull(ConfigException.at(source, 0, "", "bad").field());
        assertEquals("remote workload: bad", ConfigException.of(source, "bad").getMessage());
        assertEquals("bad", ConfigException.of((String) null, "bad").getMessage());
    }
}
