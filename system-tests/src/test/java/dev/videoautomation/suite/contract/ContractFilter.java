package dev.videoautomation.suite.contract;

import java.nio.charset.StandardCharsets;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

import com.atlassian.oai.validator.model.Body;
import com.atlassian.oai.validator.model.Request;
import com.atlassian.oai.validator.model.StringBody;
import com.atlassian.oai.validator.restassured.RestAssuredRequest;
import com.atlassian.oai.validator.restassured.RestAssuredResponse;

import io.restassured.authentication.PreemptiveOAuth2HeaderScheme;
import io.restassured.filter.FilterContext;
import io.restassured.filter.OrderedFilter;
import io.restassured.response.Response;
import io.restassured.specification.FilterableRequestSpecification;
import io.restassured.specification.FilterableResponseSpecification;

/**
 * The snapshot's judgement on REST Assured exchanges, through the validator's REST Assured adapters. {@link #ALL} is
 * installed for every request of the system tests; {@link #ANSWERS_ONLY} only by the one helper for requests that
 * are invalid on purpose ({@code Agents.invalidRequest()}). Runs last, so it sees the request as sent.
 */
public final class ContractFilter implements OrderedFilter {
  /** Judges the request and the answer. */
  public static final ContractFilter ALL = new ContractFilter(false);
  /** Judges the answer only. */
  public static final ContractFilter ANSWERS_ONLY = new ContractFilter(true);

  private final boolean answersOnly;

  private ContractFilter(boolean answersOnly) {
    this.answersOnly = answersOnly;
  }

  @Override
  public Response filter(FilterableRequestSpecification requestSpec, FilterableResponseSpecification responseSpec,
      FilterContext context) {
    var response = context.next(requestSpec, responseSpec);
    var request = new AsSent(RestAssuredRequest.of(requestSpec), !requestSpec.getMultiPartParams().isEmpty(),
        requestSpec.getAuthenticationScheme() instanceof PreemptiveOAuth2HeaderScheme bearer
            ? Optional.of(bearer.generateAuthToken()) : Optional.empty());
    if (answersOnly) {
      Contract.snapshot().checkAnswer(request, RestAssuredResponse.of(response));
    } else {
      Contract.snapshot().check(request, RestAssuredResponse.of(response));
    }
    return response;
  }

  @Override
  public int getOrder() {
    return OrderedFilter.LOWEST_PRECEDENCE;
  }

  /**
   * The request as it went out, where REST Assured keeps parts of it outside the specification a filter sees: a key
   * given with {@code auth().oauth2(..)} is added to the headers only when the request is sent, and multipart parts
   * are kept apart from the body (the validator checks no more of a multipart body than that there is one; its
   * content type is checked in full).
   */
  private record AsSent(Request request, boolean multipart, Optional<String> authorization) implements Request {
    private static final String PARTS = "(multipart parts)";

    @Override
    public String getPath() {
      return request.getPath();
    }

    @Override
    public Method getMethod() {
      return request.getMethod();
    }

    @Override
    public Optional<String> getBody() {
      return multipart ? Optional.of(PARTS) : request.getBody();
    }

    @Override
    public Optional<Body> getRequestBody() {
      return multipart ? Optional.of(new StringBody(PARTS, StandardCharsets.UTF_8)) : request.getRequestBody();
    }

    @Override
    public Collection<String> getQueryParameters() {
      return request.getQueryParameters();
    }

    @Override
    public Collection<String> getQueryParameterValues(String name) {
      return request.getQueryParameterValues(name);
    }

    @Override
    public Map<String, Collection<String>> getHeaders() {
      if (authorization.isEmpty()) {
        return request.getHeaders();
      }
      var headers = new TreeMap<String, Collection<String>>(String.CASE_INSENSITIVE_ORDER);
      headers.putAll(request.getHeaders());
      headers.put("Authorization", List.of(authorization.get()));
      return headers;
    }

    @Override
    public Collection<String> getHeaderValues(String name) {
      return authorization.isPresent() && name.equalsIgnoreCase("Authorization") ? List.of(authorization.get())
          : request.getHeaderValues(name);
    }
  }
}
