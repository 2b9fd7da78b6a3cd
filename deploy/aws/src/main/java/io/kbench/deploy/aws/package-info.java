/**
 * The Pulumi program for workers on AWS (and optionally MSK).
 *
 * <p>Glossary: {@link io.kbench.deploy.aws.WorkerIamRole} is the workers' IAM role (a cloud permission),
 * not a worker's producer or consumer role.
 */
package io.kbench.deploy.aws;
