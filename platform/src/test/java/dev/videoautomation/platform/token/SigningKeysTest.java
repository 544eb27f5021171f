package dev.videoautomation.platform.token;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.Signature;
import java.security.interfaces.RSAPrivateCrtKey;
import java.security.interfaces.RSAPublicKey;
import java.security.spec.PKCS8EncodedKeySpec;
import java.security.spec.X509EncodedKeySpec;
import java.util.Base64;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SigningKeysTest {
  @TempDir
  Path temp;

  @Test
  void shouldCreateTheDirectoryAndAMatchingRsaKeyPairAsPem() throws IOException, GeneralSecurityException {
    var dir = temp.resolve("keys/nested");

    SigningKeys.ensure(dir);

    var privatePem = Files.readString(dir.resolve(SigningKeys.PRIVATE_FILE));
    var publicPem = Files.readString(dir.resolve(SigningKeys.PUBLIC_FILE));
    assertThat(privatePem).startsWith("-----BEGIN PRIVATE KEY-----\n").endsWith("\n-----END PRIVATE KEY-----\n");
    assertThat(publicPem).startsWith("-----BEGIN PUBLIC KEY-----\n").endsWith("\n-----END PUBLIC KEY-----\n");
    assertThat(privatePem.lines()).allMatch(line -> line.length() <= 64);
    assertThat(publicPem.lines()).allMatch(line -> line.length() <= 64);

    var privateKey = (RSAPrivateCrtKey) KeyFactory.getInstance("RSA")
        .generatePrivate(new PKCS8EncodedKeySpec(der(privatePem)));
    var publicKey = (RSAPublicKey) KeyFactory.getInstance("RSA")
        .generatePublic(new X509EncodedKeySpec(der(publicPem)));
    assertThat(publicKey.getModulus().bitLength()).isEqualTo(2048);
    assertThat(publicKey.getModulus()).isEqualTo(privateKey.getModulus());

    var signer = Signature.getInstance("SHA256withRSA");
    signer.initSign(privateKey);
    signer.update("payload".getBytes(StandardCharsets.UTF_8));
    var signature = signer.sign();
    var verifier = Signature.getInstance("SHA256withRSA");
    verifier.initVerify(publicKey);
    verifier.update("payload".getBytes(StandardCharsets.UTF_8));
    assertThat(verifier.verify(signature)).isTrue();
  }

  @Test
  void shouldMakeThePrivateKeyReadableByItsOwnerOnly() throws IOException {
    assumeThat(FileSystems.getDefault().supportedFileAttributeViews()).contains("posix");

    SigningKeys.ensure(temp);

    assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(temp.resolve(SigningKeys.PRIVATE_FILE))))
        .isEqualTo("rw-------");
  }

  @Test
  void shouldKeepAnExistingPairOnTheNextCall() throws IOException {
    SigningKeys.ensure(temp);
    var privatePem = Files.readString(temp.resolve(SigningKeys.PRIVATE_FILE));
    var publicPem = Files.readString(temp.resolve(SigningKeys.PUBLIC_FILE));
    var modified = Files.getLastModifiedTime(temp.resolve(SigningKeys.PRIVATE_FILE));

    SigningKeys.ensure(temp);

    assertThat(Files.readString(temp.resolve(SigningKeys.PRIVATE_FILE))).isEqualTo(privatePem);
    assertThat(Files.readString(temp.resolve(SigningKeys.PUBLIC_FILE))).isEqualTo(publicPem);
    assertThat(Files.getLastModifiedTime(temp.resolve(SigningKeys.PRIVATE_FILE))).isEqualTo(modified);
  }

  @Test
  void shouldCreateANewMatchingPairWhenOneHalfIsMissing() throws IOException, GeneralSecurityException {
    SigningKeys.ensure(temp);
    var oldPrivate = Files.readString(temp.resolve(SigningKeys.PRIVATE_FILE));
    Files.delete(temp.resolve(SigningKeys.PUBLIC_FILE));

    SigningKeys.ensure(temp);

    var privatePem = Files.readString(temp.resolve(SigningKeys.PRIVATE_FILE));
    var publicPem = Files.readString(temp.resolve(SigningKeys.PUBLIC_FILE));
    assertThat(privatePem).isNotEqualTo(oldPrivate);
    var privateKey = (RSAPrivateCrtKey) KeyFactory.getInstance("RSA")
        .generatePrivate(new PKCS8EncodedKeySpec(der(privatePem)));
    var publicKey = (RSAPublicKey) KeyFactory.getInstance("RSA")
        .generatePublic(new X509EncodedKeySpec(der(publicPem)));
    assertThat(publicKey.getModulus()).isEqualTo(privateKey.getModulus());
  }

  private static byte[] der(String pem) {
    var body = pem.lines().filter(line -> !line.startsWith("-----")).reduce("", String::concat);
    return Base64.getDecoder().decode(body);
  }
}
