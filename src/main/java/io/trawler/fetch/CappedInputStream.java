package io.trawler.fetch;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;

/** Ends a stream after {@code max} bytes, so a small compressed body cannot inflate without end. */
public final class CappedInputStream extends FilterInputStream {

    private long left;

    public CappedInputStream(InputStream in, long max) {
        super(in);
        this.left = max;
    }

    @Override
    public int read() throws IOException {
        if (left <= 0) {
            return -1;
        }
        int b = super.read();
        if (b >= 0) {
            left--;
        }
        return b;
    }

    @Override
    public int read(byte[] buf, int off, int len) throws IOException {
        if (left <= 0) {
            return -1;
        }
        int n = super.read(buf, off, (int) Math.min(len, left));
        if (n > 0) {
            left -= n;
        }
        return n;
    }
}
