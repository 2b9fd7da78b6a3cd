package io.kbench.agent;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

/**
 * The availability-zone id of the EC2 instance this worker runs on ({@code use1-az1}), from the instance metadata
 * service with IMDSv2: a session token first ({@code PUT /latest/api/token}), then
 * {@code GET /latest/meta-data/placement/availability-zone-id} with it. The id, not the name ({@code us-east-1a}), is
 * what is the same zone in every account, so workers and brokers of different accounts compare.
 */
public final class AwsZone {

    /** {@code bin/benchmark-worker --zone aws}: read the zone here. */
    public static final String OPTION_VALUE = "aws";
    /** Where the metadata service answers on EC2; the AWS SDKs' variable of that name moves it. */
    static final URI DEFAULT_ENDPOINT = URI.create("http://169.254.169.254");
    static final String ENDPOINT_VARIABLE = "AWS_EC2_METADATA_SERVICE_ENDPOINT";
    static final Duration TIMEOUT = Duration.ofSeconds(2);

    private AwsZone() {}

    /** The endpoint: {@link #ENDPOINT_VARIABLE} when set, else {@link #DEFAULT_ENDPOINT}. */
    static URI endpoint(String variable) {
        return variable == null || variable.isBlank() ? DEFAULT_ENDPOINT : URI.create(variable.trim());
    }

    /**
     * The zone id, asked of {@code endpoint} within {@code timeout} per call.
     *
     * @throws AgentStartException in one sentence, when the service does not answer or refuses
     */
    public static String read(URI endpoint, Duration timeout) {
        String base = endpoint.toString().replaceAll("/+$", "");
        HttpClient http = HttpClient.newBuilder().connectTimeout(timeout).build();
        try {
            HttpResponse<String> token = http.send(HttpRequest.newBuilder(URI.create(base + "/latest/api/token")).timeout(timeout)
                    .header("X-aws-ec2-metadata-token-ttl-seconds", "60").PUT(HttpRequest.BodyPublishers.noBody()).build(),
                    HttpResponse.BodyHandlers.ofString());
            if (token.statusCode() != 200) {
                throw refused(base, "a session token was refused (HTTP " + token.statusCode() + ")");
            }
            HttpResponse<String> zone = http.send(HttpRequest.newBuilder(URI.create(base + "/latest/meta-data/placement/availability-zone-id"))
                    .timeout(timeout).header("X-aws-ec2-metadata-token", token.body().trim()).GET().build(),
                    HttpResponse.BodyHandlers.ofString());
            if (zone.statusCode() != 200 || zone.body().isBlank()) {
                throw refused(base, "the availability-zone id was refused (HTTP " + zone.statusCode() + ")");
            }
            return zone.body().trim();
        } catch (IOException e) {
            throw refused(base, "it did not answer (" + e.getClass().getSimpleName() + (e.getMessage() == null ? "" : ": " + e.getMessage())
                    + ")");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw refused(base, "interrupted");
        }
    }

    private static AgentStartException refused(String base, String why) {
        return new AgentStartException("--zone aws: the instance metadata service at " + base + " did not give this instance's "
                + "availability-zone id: " + why + ". Run on EC2 with the metadata service reachable (IMDSv2, hop limit 2 in a "
                + "container), or name the zone, e.g. --zone use1-az1", null);
    }
}
