package io.kbench.report;

/** Input the report cannot use: a missing file, an empty directory, a file that is not a result. The message names it. */
public final class ReportInputException extends RuntimeException {

    public ReportInputException(String message) {
        super(message);
    }

    public ReportInputException(String message, Throwable cause) {
        super(message, cause);
    }
}
