/**
 * Topics at scale: how a run's topics are sent to the cluster in calls of bounded size
 * ({@link io.kbench.topics.TopicBatches}) and how long creating, serving and deleting them took
 * ({@link io.kbench.topics.TopicSetup}, a section of the result). The coordinator makes the calls.
 */
package io.kbench.topics;
