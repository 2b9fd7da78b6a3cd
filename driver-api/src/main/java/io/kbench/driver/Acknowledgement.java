package io.kbench.driver;

/** What a share consumer did with one record, as its callback answers in {@link AcknowledgementMode#EXPLICIT} mode. */
public enum Acknowledgement {
    /** Processed: the record is done and never delivered again. */
    ACCEPT,
    /**
     * Not processed this time: the record becomes available again and is delivered again (to any
     * member) with its delivery count one higher, unless that count reached the group's delivery count
     * limit, in which case it is archived.
     */
    RELEASE,
    /** Unprocessable: the record is archived and never delivered again. */
    REJECT
}
