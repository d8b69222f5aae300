package io.trawler.testsupport;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.HashMap;
import java.util.Map;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;

/** A zip file's entries by name (a WACZ package's files). */
public final class Zips {

    private Zips() {
    }

    public static Map<String, byte[]> unzip(byte[] zip) throws IOException {
        Map<String, byte[]> out = new HashMap<>();
        try (ZipInputStream in = new ZipInputStream(new ByteArrayInputStream(zip))) {
            for (ZipEntry e = in.getNextEntry(); e != null; e = in.getNextEntry()) {
                ByteArrayOutputStream b = new ByteArrayOutputStream();
                in.transferTo(b);
                out.put(e.getName(), b.toByteArray());
            }
        }
        return out;
    }
}
