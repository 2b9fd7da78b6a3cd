import java.io.FileReader;
import java.io.Reader;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.Properties;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import org.apache.kafka.clients.producer.Callback;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.header.internals.RecordHeader;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.apache.kafka.common.serialization.ByteArraySerializer;

/**
 * The Kafka producer and nothing else, for bin/compare-with-kafka-perf: sends kbench's records (a
 * prepared payload and a 24-byte stamp header "kb", rewritten for each record) at a fixed rate,
 * sending what is due every millisecond, with no latency statistics, no schedule bookkeeping and no
 * integrity state. Its CPU per message is the floor under any tool that sends the same records
 * through the same client with the same settings.
 *
 * <p>Usage: java -cp KAFKA_CLIENTS_CP BareProducer.java BOOTSTRAP TOPIC RECORDS RECORD_SIZE MSG_PER_SEC PROPERTIES_FILE
 *
 * <p>Prints one line in ProducerPerformance's form: "N records sent, R records/sec (M MB/sec)".
 */
public class BareProducer {
    public static void main(String[] args) throws Exception {
        if (args.length != 6) {
            System.err.println("usage: BareProducer BOOTSTRAP TOPIC RECORDS RECORD_SIZE MSG_PER_SEC PROPERTIES_FILE");
            System.exit(2);
        }
        String topic = args[1];
        long records = Long.parseLong(args[2]);
        int size = Integer.parseInt(args[3]);
        long rate = Long.parseLong(args[4]);
        Properties props = new Properties();
        try (Reader in = new FileReader(args[5])) {
            props.load(in);
        }
        props.put("bootstrap.servers", args[0]);
        byte[] payload = new byte[size];
        Arrays.fill(payload, (byte) 'k');
        byte[] stamp = new byte[24];
        ByteBuffer stampBuffer = ByteBuffer.wrap(stamp);
        AtomicLong failed = new AtomicLong();
        Callback onAck = (metadata, error) -> {
            if (error != null) {
                failed.incrementAndGet();
            }
        };
        long start;
        long end;
        try (KafkaProducer<byte[], byte[]> producer = new KafkaProducer<>(props, new ByteArraySerializer(), new ByteArraySerializer())) {
            producer.partitionsFor(topic); // metadata before the clock starts, as ProducerPerformance's first send waits too
            // One record and one header for every send, the stamp's bytes rewritten in place, as kbench's driver does:
            // the client copies them into the batch during send().
            ProducerRecord<byte[], byte[]> record = new ProducerRecord<>(topic, null, null, null, payload,
                    new RecordHeaders(new RecordHeader[] {new RecordHeader("kb", stamp)}));
            start = System.nanoTime();
            long sent = 0;
            while (sent < records) {
                long due = rate <= 0 ? records : Math.min(records, (System.nanoTime() - start) * rate / 1_000_000_000L + 1);
                for (; sent < due; sent++) {
                    stampBuffer.putLong(0, System.nanoTime()).putLong(8, 1L).putLong(16, sent);
                    producer.send(record, onAck);
                }
                if (sent < records) {
                    LockSupport.parkNanos(1_000_000);
                }
            }
            producer.flush();
            end = System.nanoTime();
        }
        double seconds = (end - start) / 1e9;
        System.out.printf("%d records sent, %.1f records/sec (%.2f MB/sec), the Kafka client alone; %d failed%n",
                records, records / seconds, records * (double) size / seconds / 1024 / 1024, failed.get());
        System.exit(failed.get() == 0 ? 0 : 1);
    }
}
