package io.kbench.result;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.kbench.driver.SweepTarget;
import java.util.List;
import java.util.Map;

/**
 * The driver a run used.
 *
 * @param name the driver file's name field
 * @param file the driver file as given
 * @param config the driver file's fields, secrets masked
 * @param settingGroups what the driver lets a sweep set (its {@code sweepTargets}), so that reports name its
 *     settings as sweeps do without the driver's jar; null in results written before they were recorded
 */
public record DriverInfo(
        String name,
        String file,
        Map<String, Object> config,
        @JsonInclude(JsonInclude.Include.NON_EMPTY) List<SweepTarget> settingGroups) {}
