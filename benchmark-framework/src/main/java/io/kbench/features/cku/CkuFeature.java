package io.kbench.features.cku;

import io.kbench.features.Feature;
import io.kbench.features.RunPart;
import io.kbench.features.RunSetup;
import io.kbench.model.ResultSection;
import io.kbench.workload.Workload;
import io.kbench.features.RunView;
import io.kbench.features.SectionType;
import io.kbench.features.SummaryLines;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** The CKU check for Confluent Cloud: what a workload's CKUs promise, checked against what the run measured. */
public final class CkuFeature implements Feature {

    @Override
    public String name() {
        return "cku";
    }

    @Override
    public List<SectionType> sectionTypes() {
        return List.of(SectionType.of("ckuCheck", CkuVerdict.class));
    }

    /** What the CKUs promise and what may keep the run from reaching it, before anything starts; limits warn, they do not stop the run. */
    @Override
    public List<String> preface(Workload workload) {
        if (!CkuPlan.applies(workload)) {
            return List.of();
        }
        List<String> lines = new ArrayList<>(CkuPlan.expectations(workload));
        CkuPlan.warnings(workload).forEach(w -> lines.add("WARNING: " + w));
        return lines;
    }

    /** With a CKU count, the run ends with the check's PASS or FAIL. */
    @Override
    public Optional<RunPart> coordinate(RunSetup run) {
        if (run.spec().features().cku().isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(new RunPart() {
            @Override
            public Optional<ResultSection> verdict(RunView finished) {
                return Optional.of(CkuVerdict.of(finished.workload(), finished.measurement(), finished.status(), finished.diagnosis()));
            }
        });
    }

    @Override
    public void summary(RunView run, SummaryLines lines) {
        CkuVerdict v = run.section(CkuVerdict.class);
        if (v != null) {
            v.lines().forEach(l -> lines.line(SummaryLines.Slot.CLOSING, l));
        }
    }
}
