package io.trawler.redis;

/** Redis cannot be reached (down, restarting, or not answering in time): the API answers 503, loops retry later. */
public class StoreUnavailableException extends IllegalStateException {

    public StoreUnavailableException(String message, Throwable cause) {
        super(message, cause);
    }

    /** Whether a failure of a Redis call means the server is out of reach rather than that the call was wrong. */
    public static boolean isConnectionFailure(Throwable t) {
        for (Throwable c = t; c != null; c = c.getCause()) {
            if (c instanceof StoreUnavailableException || c instanceof java.net.ConnectException
                    || c instanceof java.nio.channels.ClosedChannelException || c instanceof java.util.concurrent.TimeoutException
                    || c instanceof java.io.IOException) {
                return true;
            }
            String m = c.getMessage();
            if (m != null && (m.contains("Connection refused") || m.contains("Connection is closed") || m.contains("onnection reset")
                    || m.contains("LOADING") || m.contains("NOAUTH") || m.contains("WRONGPASS"))) {
                return true;
            }
            if (c.getCause() == c) {
                break;
            }
        }
        return false;
    }
}
