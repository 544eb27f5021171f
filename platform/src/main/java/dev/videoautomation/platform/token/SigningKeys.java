package dev.videoautomation.platform.token;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.KeyPairGenerator;
import java.security.NoSuchAlgorithmException;
import java.util.Base64;

/**
 * The suite signing key pair as PEM files ({@code private.pem} PKCS#8, {@code public.pem} X.509), created once by
 * the local run and reused on every start after, so tokens stay valid across restarts.
 */
public final class SigningKeys {
  public static final String PRIVATE_FILE = "private.pem";
  public static final String PUBLIC_FILE = "public.pem";

  private SigningKeys() {
  }

  /** Creates the pair in {@code directory} unless it exists; the private key is readable by its owner only. */
  public static void ensure(Path directory) throws IOException {
    var privatePath = directory.resolve(PRIVATE_FILE);
    var publicPath = directory.resolve(PUBLIC_FILE);
    if (Files.exists(privatePath) && Files.exists(publicPath)) {
      return;
    }
    Files.createDirectories(directory);
    try {
      var generator = KeyPairGenerator.getInstance("RSA");
      generator.initialize(2048);
      var pair = generator.generateKeyPair();
      writeOwnerOnly(privatePath, pem("PRIVATE KEY", pair.getPrivate().getEncoded()));
      Files.writeString(publicPath, pem("PUBLIC KEY", pair.getPublic().getEncoded()));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("This JVM cannot generate RSA keys", e);
    }
  }

  private static String pem(String type, byte[] der) {
    var body = Base64.getMimeEncoder(64, "\n".getBytes()).encodeToString(der);
    return "-----BEGIN " + type + "-----\n" + body + "\n-----END " + type + "-----\n";
  }

  /** Creates the file with owner-only permissions from the start, so the key is never readable by others. */
  private static void writeOwnerOnly(Path path, String content) throws IOException {
    Files.deleteIfExists(path);
    try {
      Files.createFile(path, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
    } catch (UnsupportedOperationException e) {
      // Not a POSIX file system: the file is created with the platform's defaults.
      Files.createFile(path);
    }
    Files.writeString(path, content);
  }
}
