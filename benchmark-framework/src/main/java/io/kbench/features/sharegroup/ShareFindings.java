package io.kbench.features.sharegroup;

import java.util.List;

/** A worker's share groups, as it reports them once the load is over. */
public record ShareFindings(List<ShareFigures> groups) {}
