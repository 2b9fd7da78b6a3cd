/**
 * The share groups feature (Kafka's queues, KIP-932): what a share consumer does with each record
 * ({@link io.kbench.sharegroup.ShareMember}: processing time, then accept, release or reject), the
 * accounting per group on each worker ({@link io.kbench.sharegroup.ShareTally}), and the result's
 * {@code shareGroups} section merged from every worker ({@link io.kbench.sharegroup.ShareGroups}).
 */
package io.kbench.sharegroup;
