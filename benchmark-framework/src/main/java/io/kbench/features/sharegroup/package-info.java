/**
 * The share groups feature (Kafka's queues, KIP-932): what a share consumer does with each record
 * ({@link io.kbench.features.sharegroup.ShareMember}: processing time, then accept, release or reject), the
 * accounting per group on each worker ({@link io.kbench.features.sharegroup.ShareTally}), and the result's
 * {@code shareGroups} section merged from every worker ({@link io.kbench.features.sharegroup.ShareGroups}).
 */
package io.kbench.features.sharegroup;
