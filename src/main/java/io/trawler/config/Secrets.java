package io.trawler.config;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.SeekableByteChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.EnumSet;
import java.util.HexFormat;

/** Random secrets, their hashes, and files only their owner can read. */
public final class Secrets {

    /** Prefix of API tokens, so that a leaked one is easy to recognise (and to scan for). */
    public static final String TOKEN_PREFIX = "trw_";

    private Secrets() {
    }

    /** The random source, made when first used (at run time: a native image never holds one seeded while it was built). */
    private static final class Random {
        static final SecureRandom SOURCE = new SecureRandom();
    }

    /** {@code bytes} random bytes, URL-safe base64 without padding. */
    public static String random(int bytes) {
        byte[] b = new byte[bytes];
        Random.SOURCE.nextBytes(b);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(b);
    }

    /** A new API token: the prefix and 192 random bits. */
    public static String newToken() {
        return TOKEN_PREFIX + random(24);
    }

    /** SHA-256 of a token, hex: tokens are long random secrets, so a fast hash is enough (passwords use bcrypt). */
    public static String sha256(String secret) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(secret.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * Writes a new file that only its owner can read and write: created with mode 0600 in the same system call
     * (never readable by others, not even briefly). Fails if the file exists.
     */
    public static void writePrivateFile(Path file, String content) throws IOException {
        Files.createDirectories(file.toAbsolutePath().getParent());
        EnumSet<StandardOpenOption> options = EnumSet.of(StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
        SeekableByteChannel channel;
        try {
            channel = Files.newByteChannel(file, options, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
        } catch (UnsupportedOperationException notPosix) {
            channel = Files.newByteChannel(file, options);
        }
        try (SeekableByteChannel c = channel) {
            ByteBuffer buf = ByteBuffer.wrap(content.getBytes(StandardCharsets.UTF_8));
            while (buf.hasRemaining()) {
                c.write(buf);
            }
        }
    }

    /** Reads a private file, or writes {@code content} to a new one when there is none; returns what the file holds. */
    public static String readOrCreatePrivateFile(Path file, String content) throws IOException {
        try {
            writePrivateFile(file, content);
            return content;
        } catch (FileAlreadyExistsException e) {
            return Files.readString(file, StandardCharsets.UTF_8);
        }
    }
}
