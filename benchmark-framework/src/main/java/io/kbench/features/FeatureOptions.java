package io.kbench.features;

/**
 * Options a feature adds to the commands that run workloads ({@code bin/benchmark}, {@code find-max}, {@code sweep}):
 * a picocli object of {@code @Option} fields, new for each command line ({@link Feature#runOptions()}). What the user
 * gave reaches the feature's runs as their settings of this object's type ({@link RunSetup#settings}).
 */
public interface FeatureOptions {

    /** What is wrong with the options given, in one line naming the option, or null; asked before anything runs. */
    default String problem() {
        return null;
    }
}
