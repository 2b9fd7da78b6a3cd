package io.kbench.worker;

/** What a worker may run. Dedicating workers keeps producer and consumer CPU apart. */
public enum WorkerRole {
    ANY,
    PRODUCE,
    CONSUME;

    boolean mayProduce() {
        return this != CONSUME;
    }

    boolean mayConsume() {
        return this != PRODUCE;
    }
}
